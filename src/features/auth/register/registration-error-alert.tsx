import type { ServerError } from '@machines/otp/server-error';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../auth-errors';
import { AnchorLink } from '../components/anchor-link';

/**
 * Spec 8 "Registration errors": the error's message (common.error as fallback), with the way out when
 * the registration cannot go on as it is.
 */
export function RegistrationErrorAlert({ error, phoneNumber }: { error: ServerError; phoneNumber?: string }) {
  const { t } = useTranslation('auth');
  let action = null;
  if (error.code === 'lead_already_registered' || error.code === 'phone_already_registered') {
    action = (
      <AnchorLink to="/login" search={{ phone: phoneNumber }} fw={600} inherit>
        {t('register.loginWithPhone')}
      </AnchorLink>
    );
  } else if (error.code === 'lead_verification_expired' || error.code === 'lead_not_ready') {
    action = (
      <AnchorLink to="/register" fw={600} inherit>
        {t('company.reverify')}
      </AnchorLink>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert">
      {serverErrorText(error, t)} {action}
    </Alert>
  );
}
