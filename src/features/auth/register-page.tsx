import { useMatch } from '@tanstack/react-router';
import { CompanyDetailsStep } from './register/company-details-step';
import { PersonalDetailsStep } from './register/personal-details-step';

/** /register (personal details) and /register/verified?l= (company details): one registration screen. */
export function RegisterPage() {
  const verified = useMatch({ from: '/_public/register/verified', shouldThrow: false });
  return verified ? <CompanyDetailsStep leadId={verified.search.l} /> : <PersonalDetailsStep />;
}
