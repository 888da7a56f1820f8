import type { PersonalDetailsField } from '@domain/auth-validation';
import { REGISTRATION_STEP } from '@domain/registration';
import { isPersonalDetailsFilled } from '@domain/registration-filled';
import { REGISTRATION_TEXT_LIMITS } from '@domain/registration-text-limits';
import type { ServerError } from '@machines/otp/server-error';
import { Anchor, Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useSearch } from '@tanstack/react-router';
import { type FormEvent, type MouseEvent, use, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LimitedTextInput } from '@/components/limited-text-input';
import { loadPhoneRules, PhoneInput } from '@/components/phone-input';
import { type PhoneRules, phoneRulesIfLoaded } from '@/components/phone-input/load-phone-rules';
import { authFieldErrorText, fieldErrorsOf } from '../auth-errors';
import { AuthFooter } from '../components/auth-footer';
import { AuthProgressBar } from '../components/auth-progress';
import { AuthScreenHeader } from '../components/auth-screen-header';
import { LazyCompletionDialog, LazyTermsModal } from '../components/lazy-auth-dialogs';
import { SocialSignIn } from '../components/social-sign-in';
import { type PersonalDetailsDraft, writePersonalDetailsDraft } from '../lead-store';
import { SendCodeButton } from '../send-code-button';
import { useDropPhoneParam } from '../use-drop-phone-param';
import { useSendCode } from '../use-send-code';
import {
  hasKeptPersonalDetails,
  initialPersonalDetails,
  PERSONAL_FALLBACK_KEYS,
  PERSONAL_FIELDS,
  toPersonalDetails,
} from './personal-details-values';
import { RegistrationErrorAlert } from './registration-error-alert';
import { useRegistrationOnSubmit } from './use-registration-on-submit';

/** Spec 5/9: submit validates after a 50 ms delay. */
export const VALIDATE_DELAY_MS = 50;

type FieldErrors = Partial<Record<PersonalDetailsField, string>>;

/** The submit's rules (zod's schemas, libphonenumber): loaded on the first change or the submit. */
const loadCheck = () => import('./check-personal-details');

/** What a submit that could not load its code shows: the network's message, as a failed request would. */
const LOAD_FAILED: ServerError = { message: null, code: 'network_error' };

/**
 * A number to read on arrival (`?phone=`, or one this browser kept from an earlier visit) needs the
 * phone rules before the form's first render, which waits for them; a first visit draws the empty
 * field from constants and loads nothing.
 */
function useRulesOnArrival(phone: string | undefined): PhoneRules | null {
  const [needed] = useState(() => phone !== undefined || hasKeptPersonalDetails());
  return needed ? use(loadPhoneRules()) : null;
}

/**
 * Registration step 1 of 4. Submit is enabled once all five are filled; errors show only after a
 * submit and each goes when its field is edited. A valid form saves the lead, and the server's step
 * decides what follows: usually a code to the phone, the toast, then the verify screen.
 */
export function PersonalDetailsStep() {
  const { t } = useTranslation('auth');
  const search = useSearch({ from: '/_public/register/' });
  const arrivalRules = useRulesOnArrival(search.phone);
  useDropPhoneParam(search.phone);
  const [values, setValues] = useState<PersonalDetailsDraft>(() =>
    initialPersonalDetails(arrivalRules?.parseE164(search.phone) ?? null, arrivalRules),
  );
  const latestValues = useRef(values);
  latestValues.current = values;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [termsOpen, setTermsOpen] = useState(false);
  const [validating, setValidating] = useState(false);
  const baseId = useId();
  const ids: Record<PersonalDetailsField, string> = {
    firstName: `${baseId}-first-name`,
    lastName: `${baseId}-last-name`,
    email: `${baseId}-email`,
    phoneNumber: `${baseId}-phone`,
    acceptedTerms: `${baseId}-terms`,
  };
  const focusField = (field: PersonalDetailsField) => document.getElementById(ids[field])?.focus();

  const sendCode = useSendCode('registration');
  const registration = useRegistrationOnSubmit(
    { requestedStep: REGISTRATION_STEP.PERSONAL_DETAILS },
    ({ leadId, phoneNumber }) => sendCode.send(phoneNumber, leadId),
  );
  // A stored lead that already has its company details is registered straight from this form.
  const { saving, completed, error: saveError, progress } = registration.view;
  const [loadError, setLoadError] = useState<ServerError | null>(null);
  const busy = validating || saving || sendCode.status === 'sending' || sendCode.status === 'sent';
  const waiting = sendCode.waitSeconds > 0;

  // A 400 from save-lead names its fields: they are shown where the user fixes them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new save error only.
  useEffect(() => {
    const fromServer = fieldErrorsOf(saveError, PERSONAL_FALLBACK_KEYS, t);
    const first = PERSONAL_FIELDS.find((field) => fromServer[field]);
    if (!first) return;
    setErrors(fromServer);
    focusField(first);
  }, [saveError]);

  const update = <Field extends keyof PersonalDetailsDraft>(
    field: Field,
    value: PersonalDetailsDraft[Field],
  ) => {
    registration.prepare();
    void loadCheck().catch(() => {});
    const next = { ...latestValues.current, [field]: value };
    latestValues.current = next;
    setValues(next);
    writePersonalDetailsDraft(next);
    const errorField: PersonalDetailsField =
      field === 'phone' ? 'phoneNumber' : (field as PersonalDetailsField);
    setErrors((current) => (current[errorField] ? { ...current, [errorField]: undefined } : current));
  };

  const cutMessage = (field: keyof typeof REGISTRATION_TEXT_LIMITS) =>
    t('limits.pastedCut', { limit: REGISTRATION_TEXT_LIMITS[field] });

  const filled = isPersonalDetailsFilled({ ...values, phoneNumber: values.phone });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!filled || busy || waiting) return;
    setValidating(true);
    const loaded = await Promise.all([
      loadCheck(),
      loadPhoneRules(),
      new Promise((resolve) => setTimeout(resolve, VALIDATE_DELAY_MS)),
    ]).catch(() => null);
    setValidating(false);
    setLoadError(loaded ? null : LOAD_FAILED);
    if (!loaded) return;
    const [{ checkPersonalDetails }, rules] = loaded;
    const current = latestValues.current;
    const { errors: keys, lineError } = await checkPersonalDetails(current);
    const translated: FieldErrors = lineError ? { phoneNumber: t(`authCommon.${lineError}`) } : {};
    for (const field of PERSONAL_FIELDS) {
      const key = keys[field];
      if (key) translated[field] = authFieldErrorText(key, field, t);
    }
    setErrors(translated);
    const first = PERSONAL_FIELDS.find((field) => translated[field]);
    if (first) {
      focusField(first);
      return;
    }
    registration.submit(toPersonalDetails(current, rules)).catch(() => setLoadError(LOAD_FAILED));
  };

  const openTerms = (event: MouseEvent) => {
    // The link sits inside the checkbox's label: reading the terms must not tick the box.
    event.preventDefault();
    event.stopPropagation();
    setTermsOpen(true);
  };

  const formError = sendCode.error ?? loadError ?? (saveError && !saveError.details ? saveError : null);
  const rulesNow = phoneRulesIfLoaded();

  return (
    <>
      <AuthScreenHeader
        top={<AuthProgressBar process="registration" progress={progress} />}
        title={t('register.title')}
        subtitle={t('register.subtitle')}
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <LimitedTextInput
              id={ids.firstName}
              label={t('register.firstName')}
              value={values.firstName}
              onChange={(event) => update('firstName', event.currentTarget.value)}
              error={errors.firstName}
              maxLength={REGISTRATION_TEXT_LIMITS.firstName}
              cutMessage={cutMessage('firstName')}
              autoComplete="given-name"
              required
            />
            <LimitedTextInput
              id={ids.lastName}
              label={t('register.lastName')}
              value={values.lastName}
              onChange={(event) => update('lastName', event.currentTarget.value)}
              error={errors.lastName}
              maxLength={REGISTRATION_TEXT_LIMITS.lastName}
              cutMessage={cutMessage('lastName')}
              autoComplete="family-name"
              required
            />
          </SimpleGrid>
          <LimitedTextInput
            id={ids.email}
            type="email"
            dir="ltr"
            label={t('register.email')}
            value={values.email}
            onChange={(event) => update('email', event.currentTarget.value)}
            error={errors.email}
            maxLength={REGISTRATION_TEXT_LIMITS.email}
            cutMessage={cutMessage('email')}
            autoComplete="email"
            inputMode="email"
            required
          />
          <PhoneInput
            id={ids.phoneNumber}
            label={t('register.phone')}
            value={values.phone}
            onChange={(next) =>
              update('phone', { country: next.country, nationalDigits: next.nationalDigits })
            }
            error={errors.phoneNumber}
            required
          />
          <Checkbox
            id={ids.acceptedTerms}
            checked={values.acceptedTerms}
            onChange={(event) => update('acceptedTerms', event.currentTarget.checked)}
            error={errors.acceptedTerms}
            label={
              <Trans
                t={t}
                i18nKey="register.terms"
                components={{
                  terms: <Anchor component="button" type="button" inherit onClick={openTerms} />,
                }}
              />
            }
          />
          <div aria-live="polite">
            {formError ? (
              <RegistrationErrorAlert
                error={formError}
                phoneNumber={rulesNow ? toPersonalDetails(values, rulesNow).phoneNumber : undefined}
              />
            ) : null}
          </div>
          <SendCodeButton
            sendCode={sendCode}
            words={{ sent: t('register.codeSent'), submit: t('register.submit') }}
            loading={saving || sendCode.status === 'sending'}
            disabled={!filled || busy || waiting}
          />
        </Stack>
      </form>
      <SocialSignIn />
      <AuthFooter question={t('register.haveAccount')} linkText={t('register.toLogin')} to="/login" />
      <LazyTermsModal opened={termsOpen} onClose={() => setTermsOpen(false)} />
      <LazyCompletionDialog opened={completed} onClose={registration.closeCompletion} />
    </>
  );
}
