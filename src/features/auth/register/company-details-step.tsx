import {
  type CompanyDetailsField,
  type CompanyDetailsValues,
  REGISTRATION_TEXT_LIMITS,
  validateCompanyDetails,
} from '@domain/auth-validation';
import { COMPANY_TYPES, type CompanyType, REGISTRATION_STEP } from '@domain/registration';
import { progressFor } from '@machines/registration/auth-progress';
import {
  type RegistrationContext,
  selectCompanyDefaults,
  selectLockedCompanyFields,
} from '@machines/registration/registration.machine';
import { Button, Center, Loader, Select, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '@/components/limited-text-input';
import { authFieldErrorText, fieldErrorsOf } from '../auth-errors';
import { AuthProgressBar } from '../components/auth-progress';
import { AuthScreenHeader } from '../components/auth-screen-header';
import { LazyCompletionDialog } from '../components/lazy-auth-dialogs';
import { sendWaitLabel } from '../send-wait-label';
import { type RegistrationActor, useRegistration } from '../use-registration';
import { type SendCode, useSendCode } from '../use-send-code';
import { RegistrationErrorAlert } from './registration-error-alert';

const COMPANY_FIELDS: readonly CompanyDetailsField[] = ['companyName', 'companyType', 'position'];
const COMPANY_FALLBACK_KEYS: Readonly<Record<CompanyDetailsField, string>> = {
  companyName: 'validation.required',
  companyType: 'validation.required',
  position: 'validation.required',
};

type FieldErrors = Partial<Record<CompanyDetailsField, string>>;

/**
 * /register/verified?l={leadId}: registration step 3 of 4, company details. Name and type the lead
 * already has are shown locked. Submit saves the lead, registers it (the user is signed in) and shows
 * the completion dialog; closing it goes to /.
 */
export function CompanyDetailsStep({ leadId }: { leadId: string | undefined }) {
  const { t } = useTranslation('auth');
  // The server may answer a company save with the phone verification lapsed (it is valid for a day):
  // then a new code goes to the phone and the verify screen follows, as from the details form.
  const sendCode = useSendCode('registration');
  const registration = useRegistration({
    input: { requestedStep: REGISTRATION_STEP.COMPANY_DETAILS, leadId: leadId ?? null },
    onStartPhoneVerification: ({ leadId: id, phoneNumber }) => sendCode.send(phoneNumber, id),
  });
  const loaded = useSelector(
    registration,
    (snapshot) =>
      snapshot.matches('companyDetails') ||
      snapshot.matches('completing') ||
      snapshot.matches('completed') ||
      snapshot.matches('finished'),
  );
  const progress = useSelector(registration, (snapshot) =>
    snapshot.matches('checkingDraft') ? { step: 3, total: 4 } : progressFor('registration', snapshot.value),
  );
  const completed = useSelector(registration, (snapshot) => snapshot.matches('completed'));
  // Back (spec: from step 2 on) while the form is there to leave; not over the completion dialog.
  const canGoBack = useSelector(registration, (snapshot) => snapshot.can({ type: 'BACK' }));
  const context = useSelector(registration, (snapshot) => snapshot.context);

  return (
    <>
      <AuthScreenHeader
        onBack={canGoBack ? () => registration.send({ type: 'BACK' }) : undefined}
        top={<AuthProgressBar process="registration" progress={progress} />}
        title={t('company.title')}
        subtitle={t('company.subtitle')}
      />
      {loaded ? (
        <CompanyForm
          key={context.lead?.id}
          registration={registration}
          context={context}
          sendCode={sendCode}
        />
      ) : (
        <Center py="xl">
          <Loader size="sm" aria-label={t('company.loading')} />
        </Center>
      )}
      <LazyCompletionDialog
        opened={completed}
        onClose={() => registration.send({ type: 'CLOSE_COMPLETION' })}
      />
    </>
  );
}

function CompanyForm({
  registration,
  context,
  sendCode,
}: {
  registration: RegistrationActor;
  context: RegistrationContext;
  sendCode: SendCode;
}) {
  const { t } = useTranslation('auth');
  const { t: tOptions } = useTranslation('options');
  const [values, setValues] = useState<CompanyDetailsValues>(() => selectCompanyDefaults(context));
  const [errors, setErrors] = useState<FieldErrors>({});
  const locked = selectLockedCompanyFields(context);
  const busy = useSelector(
    registration,
    (snapshot) => snapshot.matches({ companyDetails: 'savingLead' }) || snapshot.matches('completing'),
  );
  const baseId = useId();
  const ids: Record<CompanyDetailsField, string> = {
    companyName: `${baseId}-company-name`,
    companyType: `${baseId}-company-type`,
    position: `${baseId}-position`,
  };
  const focusField = (field: CompanyDetailsField) => document.getElementById(ids[field])?.focus();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new save error only.
  useEffect(() => {
    const fromServer = fieldErrorsOf(context.error, COMPANY_FALLBACK_KEYS, t);
    const first = COMPANY_FIELDS.find((field) => fromServer[field]);
    if (!first) return;
    setErrors(fromServer);
    focusField(first);
  }, [context.error]);

  const update = <Field extends CompanyDetailsField>(field: Field, value: CompanyDetailsValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || waiting) return;
    const keys = validateCompanyDetails(values);
    const translated: FieldErrors = {};
    for (const field of COMPANY_FIELDS) {
      const key = keys[field];
      if (key) translated[field] = authFieldErrorText(key, field, t);
    }
    setErrors(translated);
    const first = COMPANY_FIELDS.find((field) => translated[field]);
    if (first) {
      focusField(first);
      return;
    }
    registration.send({
      type: 'SUBMIT_COMPANY',
      values: {
        companyName: values.companyName.trim(),
        companyType: values.companyType as CompanyType,
        position: values.position.trim(),
      },
    });
  };

  const lockedNote = t('company.locked');
  // A lapsed verification's new code may fail to go out too: that failure shows here as well.
  const serverError = sendCode.error ?? (context.error && !context.error.details ? context.error : null);
  const waiting = sendCode.waitSeconds > 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <LimitedTextInput
          id={ids.companyName}
          label={t('company.companyName')}
          value={values.companyName}
          onChange={(event) => update('companyName', event.currentTarget.value)}
          error={errors.companyName}
          description={locked.companyName ? lockedNote : undefined}
          disabled={locked.companyName}
          maxLength={REGISTRATION_TEXT_LIMITS.companyName}
          cutMessage={t('limits.pastedCut', { limit: REGISTRATION_TEXT_LIMITS.companyName })}
          autoComplete="organization"
          required
        />
        <Select
          id={ids.companyType}
          label={t('company.companyType')}
          placeholder={t('company.companyTypePlaceholder')}
          data={COMPANY_TYPES.map((type) => ({ value: type, label: tOptions(`companyType.${type}`) }))}
          value={values.companyType === '' ? null : values.companyType}
          onChange={(value) => update('companyType', (value ?? '') as CompanyType | '')}
          error={errors.companyType}
          description={locked.companyType ? lockedNote : undefined}
          disabled={locked.companyType}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          required
        />
        <LimitedTextInput
          id={ids.position}
          label={t('company.position')}
          placeholder={t('company.positionPlaceholder')}
          value={values.position}
          onChange={(event) => update('position', event.currentTarget.value)}
          error={errors.position}
          maxLength={REGISTRATION_TEXT_LIMITS.position}
          cutMessage={t('limits.pastedCut', { limit: REGISTRATION_TEXT_LIMITS.position })}
          autoComplete="organization-title"
          required
        />
        <div aria-live="polite">{serverError ? <RegistrationErrorAlert error={serverError} /> : null}</div>
        <Button type="submit" size="md" fullWidth loading={busy} disabled={waiting}>
          {waiting ? sendWaitLabel(t, sendCode.waitSeconds) : t('company.submit')}
        </Button>
      </Stack>
    </form>
  );
}
