import type { TFunction } from 'i18next';

/**
 * What a send button says while the server's Retry-After runs ("אפשר לשלוח שוב בעוד 12 שניות"): the
 * button is disabled meanwhile, since the server would refuse the send. A long wait reads in minutes,
 * as the resend control says it.
 */
export function sendWaitLabel(t: TFunction<'auth'>, seconds: number): string {
  return seconds > 90
    ? t('sendWait.minutes', { count: Math.ceil(seconds / 60) })
    : t('sendWait.seconds', { count: seconds });
}

/**
 * What the button that sends a code says, on the login form and the registration's first step alike:
 * that the code went out, the wait the server asked for, or the form's own words.
 */
export function sendCodeLabel(
  t: TFunction<'auth'>,
  sendCode: { status: string; waitSeconds: number },
  words: { sent: string; submit: string },
): string {
  if (sendCode.status === 'sent') return words.sent;
  return sendCode.waitSeconds > 0 ? sendWaitLabel(t, sendCode.waitSeconds) : words.submit;
}
