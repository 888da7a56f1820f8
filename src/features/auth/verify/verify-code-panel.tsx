import { isOtpCodeComplete } from '@machines/otp/otp-code';
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput, ResendButton } from '@/components/code-input';
import { tooltip } from '@/components/tooltip/tooltip';
import { serverErrorText } from '../auth-errors';
import type { OtpActor } from '../use-otp-flow';
import { VerifyErrorAction } from './verify-error-action';

function focusFirstBox(container: HTMLElement | null) {
  container?.querySelector('input')?.focus();
}

/**
 * The code entry of spec 2/4: six boxes that submit themselves on the sixth digit, a continue button
 * that waits for all six, and the resend countdown. Everything shown comes from the OTP machine.
 */
export function VerifyCodePanel({ actor, phoneNumber }: { actor: OtpActor; phoneNumber: string }) {
  const { t } = useTranslation('auth');
  const hintId = useId();
  const codeRef = useRef<HTMLDivElement>(null);
  const code = useSelector(actor, (snapshot) => snapshot.context.code);
  const countdown = useSelector(actor, (snapshot) => snapshot.context.countdown);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const verifying = useSelector(actor, (snapshot) =>
    snapshot.matches({ enteringCode: { code: 'verifying' } }),
  );
  const resending = useSelector(actor, (snapshot) =>
    snapshot.matches({ enteringCode: { resend: 'resending' } }),
  );
  const complete = isOtpCodeComplete(code);
  const verifyError = error?.operation === 'verify' ? error : null;
  const resendError = error && error.operation !== 'verify' ? error : null;

  // The boxes were disabled while checking; a wrong code is typed again from the first one.
  useEffect(() => {
    if (verifyError) focusFirstBox(codeRef.current);
  }, [verifyError]);
  // A new code was sent: the resend button just went disabled, and the new code goes in the first box.
  const sessionId = useSelector(actor, (snapshot) => snapshot.context.session?.otpSessionId ?? null);
  const firstSession = useRef(sessionId);
  useEffect(() => {
    if (sessionId !== firstSession.current) focusFirstBox(codeRef.current);
  }, [sessionId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT_CODE' });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <div ref={codeRef}>
          <CodeInput
            value={code}
            onChange={(next) => actor.send({ type: 'TYPE_CODE', code: next })}
            disabled={verifying}
            autoFocus
            error={
              verifyError ? (
                <>
                  {serverErrorText(verifyError, t)}{' '}
                  <VerifyErrorAction code={verifyError.code} phoneNumber={phoneNumber} />
                </>
              ) : undefined
            }
          />
        </div>
        <span {...tooltip(!complete && !verifying && t('authCommon.enterAllDigits'))}>
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={verifying}
            disabled={!complete}
            aria-describedby={complete ? undefined : hintId}
          >
            {t('verify.continue')}
          </Button>
        </span>
        <VisuallyHidden id={hintId}>{t('authCommon.enterAllDigits')}</VisuallyHidden>
        <Stack gap={4} align="center">
          <Group gap={4} justify="center" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('verify.noCode')}
            </Text>
            <ResendButton
              secondsLeft={countdown}
              sending={resending}
              onResend={() => actor.send({ type: 'RESEND' })}
            />
          </Group>
          <div aria-live="polite">
            {resendError ? (
              <Text size="sm" c="red.8" ta="center">
                {serverErrorText(resendError, t)}
              </Text>
            ) : null}
          </div>
        </Stack>
      </Stack>
    </form>
  );
}
