import { type LoginPhoneError, type PhoneValue, toE164, validateLoginPhone } from '@domain/phone';
import { checkMobileLine, type PhoneLineError } from '@domain/phone-line';
import { Alert, Stack } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyPhoneValue, PhoneInput } from '@/components/phone-input';
import { loginSendErrorText } from './auth-errors';
import { SendCodeButton } from './send-code-button';
import { useConsumePhoneParam } from './use-consume-phone-param';
import { useSendCode } from './use-otp-flow';

/**
 * The phone form of /login. The phone is checked only on submit (an error shows from then on and goes
 * as soon as the number is edited); a sent code shows the 2-second toast, then the verify screen.
 * It carries libphonenumber's rules and metadata, so it loads beside the page (see login-page.tsx).
 */
export function LoginPhoneForm() {
  const { t } = useTranslation('auth');
  const search = useSearch({ from: '/_public/login' });
  const prefilled = useConsumePhoneParam(search.phone);
  const [phone, setPhone] = useState<PhoneValue>(() => prefilled ?? emptyPhoneValue());
  const [phoneError, setPhoneError] = useState<LoginPhoneError | PhoneLineError | null>(null);
  const phoneId = useId();
  const sendCode = useSendCode('auth', { redirect: search.redirect });
  const busy = sendCode.status === 'sending' || sendCode.status === 'sent';
  const waiting = sendCode.waitSeconds > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || waiting) return;
    const e164 = toE164(phone.country, phone.nationalDigits);
    const error =
      validateLoginPhone(phone.country, phone.nationalDigits) ?? (e164 ? await checkMobileLine(e164) : null);
    setPhoneError(error);
    if (error || !e164) {
      document.getElementById(phoneId)?.focus();
      return;
    }
    sendCode.send(e164);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PhoneInput
          id={phoneId}
          label={t('login.phoneLabel')}
          value={phone}
          onChange={(next) => {
            setPhone(next);
            setPhoneError(null);
          }}
          error={phoneError ? t(`authCommon.${phoneError}`) : undefined}
          required
          autoFocus={prefilled === null}
          size="md"
        />
        <div aria-live="polite">
          {sendCode.error ? (
            <Alert color="red" variant="light" role="alert">
              {loginSendErrorText(sendCode.error, t)}
            </Alert>
          ) : null}
        </div>
        <SendCodeButton
          sendCode={sendCode}
          words={{ sent: t('login.codeSent'), submit: t('login.submit') }}
          loading={sendCode.status === 'sending'}
          disabled={busy || waiting}
        />
      </Stack>
    </form>
  );
}
