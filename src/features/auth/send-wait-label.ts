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
