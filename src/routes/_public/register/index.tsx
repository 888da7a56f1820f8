import { createFileRoute } from '@tanstack/react-router';
import { PersonalDetailsStep } from '@/features/auth/register/personal-details-step';
import { validateRegisterSearch } from '../../-search';

/** Registration's first step; the company step is /register/verified's, loaded with that route. */
export const Route = createFileRoute('/_public/register/')({
  validateSearch: validateRegisterSearch,
  staticData: { titleKey: 'register' },
  component: PersonalDetailsStep,
});
