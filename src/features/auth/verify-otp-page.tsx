import { parseE164, toE164 } from '@domain/phone';
import { useSearch } from '@tanstack/react-router';
import { LoginVerifyScreen } from './verify/login-verify-screen';
import { RegistrationVerifyScreen } from './verify/registration-verify-screen';
import { VerifyLinkIncomplete } from './verify/verify-link-incomplete';

/** The URL's phone as E.164; a '+' lost to URL decoding (it reads as a space) is put back. */
function e164Of(phone: string | undefined): string | null {
  const value = parseE164(phone);
  return value ? toE164(value.country, value.nationalDigits) : null;
}

/**
 * /auth/verify-otp?type&lead&session&phone. Each code session gets its own screen (keyed by it), so a
 * new link starts a new flow instead of carrying the last one's state.
 */
export function VerifyOtpPage() {
  const search = useSearch({ from: '/_public/auth/verify-otp' });
  const process = search.type === 'registration' ? 'registration' : 'auth';
  const phoneNumber = e164Of(search.phone);
  const sessionId = search.session;

  if (!sessionId || !phoneNumber || (process === 'registration' && !search.lead)) {
    return <VerifyLinkIncomplete process={process} />;
  }
  if (process === 'registration' && search.lead) {
    return (
      <RegistrationVerifyScreen
        key={sessionId}
        sessionId={sessionId}
        phoneNumber={phoneNumber}
        leadId={search.lead}
      />
    );
  }
  return (
    <LoginVerifyScreen
      key={sessionId}
      sessionId={sessionId}
      phoneNumber={phoneNumber}
      redirect={search.redirect}
    />
  );
}
