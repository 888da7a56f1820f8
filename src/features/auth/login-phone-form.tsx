import type { LoginPhoneError } from '@domain/phone';
import type { PhoneValue } from '@domain/phone-default-country';
import { checkMobileLine, type PhoneLineError } from '@domain/phone-line';
import { Alert, Stack } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyPhoneValue, loadPhoneRules, PhoneInput } from '@/components/phone-input';
import { loginSendErrorText } from './auth-errors';
import { SendCodeButton } from './send-code-button';
import { usePhoneParamWhenRulesLoad } from './use-phone-param-when-rules-load';
import { useSendCode, warmSendCode } from './use-send-code';

/**
 * The phone form of /login. The phone is checked only on submit (an error shows from then on and goes
 * as soon as the number is edited); a sent code shows the 2-second toast, then the verify screen.
 * libphonenumber's rules are not part of it: they load on the first key press or press in the field,
 * and the submit and `?phone=` wait for them (components/phone-input/load-phone-rules.ts).
 */
export function LoginPhoneForm() {
  const { t } = useTranslation('auth');
  const search = useSearch({ from: '/_public/login' });
  const [phone, setPhone] = useState<PhoneValue>(emptyPhoneValue);
  // A number named by the address is filled in unless one is already being typed.
  usePhoneParamWhenRulesLoad(search.phone, (prefilled) =>
    setPhone((typed) => (typed.nationalDigits === '' ? prefilled : typed)),
  );
  const [autoFocus] = useState(search.phone === undefined);
  const [phoneError, setPhoneError] = useState<LoginPhoneError | PhoneLineError | null>(null);
  const phoneId = useId();
  const sendCode = useSendCode('auth', { redirect: search.redirect });
  const busy = sendCode.status === 'sending' || sendCode.status === 'sent';
  const waiting = sendCode.waitSeconds > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || waiting) return;
    warmSendCode();
    const rules = await loadPhoneRules();
    const e164 = rules.toE164(phone.country, phone.nationalDigits);
    const error =
      rules.validateLoginPhone(phone.country, phone.nationalDigits) ??
      (e164 ? await checkMobileLine(e164) : null);
    setPhoneError(error);
    if (error || !e164) {
      document.getElementById(phoneId)?.focus();
      return;
    }
    sendCode.send(e164);
  };

  return (
    // The first key press or press here starts the sending code's download, beside the phone rules'.
    <form onSubmit={submit} onKeyDown={warmSendCode} onPointerDown={warmSendCode} noValidate>
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
          autoFocus={autoFocus}
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
