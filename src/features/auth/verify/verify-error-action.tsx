import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../components/anchor-link';

/**
 * Failures that no new code can fix lead somewhere else: a sign-in to a number without an account goes
 * to registration with the number, a registration of a number that has one goes to sign-in.
 */
export function VerifyErrorAction({ code, phoneNumber }: { code: string | null; phoneNumber: string }) {
  const { t } = useTranslation('auth');
  if (code === 'account_not_found') {
    return (
      <AnchorLink to="/register" search={{ phone: phoneNumber }} fw={600} inherit>
        {t('verify.registerWithPhone')}
      </AnchorLink>
    );
  }
  if (code === 'phone_already_registered' || code === 'lead_already_registered') {
    return (
      <AnchorLink to="/login" search={{ phone: phoneNumber }} fw={600} inherit>
        {t('verify.loginWithPhone')}
      </AnchorLink>
    );
  }
  return null;
}
