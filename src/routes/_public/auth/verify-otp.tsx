import { createFileRoute } from '@tanstack/react-router';
import { VerifyOtpPage } from '@/features/auth/verify-otp-page';
import { validateVerifyOtpSearch } from '../../-search';

export const Route = createFileRoute('/_public/auth/verify-otp')({
  validateSearch: validateVerifyOtpSearch,
  staticData: { titleKey: 'verifyOtp' },
  component: VerifyOtpPage,
});
