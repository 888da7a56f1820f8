import { progressFor } from '@machines/registration/auth-progress';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findOtpSession } from '../otp-session-store';
import { useVerifyCode } from '../use-otp-flow';
import { VerifyScreenBody } from './verify-screen-body';

export interface LoginVerifyScreenProps {
  sessionId: string;
  /** E.164. */
  phoneNumber: string;
  /** Where the user was going before /login. */
  redirect?: string;
}

/** Sign-in, step 2 of 3: the code; then the session starts and the user goes on, history replaced. */
export function LoginVerifyScreen({ sessionId, phoneNumber, redirect }: LoginVerifyScreenProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { auth } = useRouteContext({ from: '__root__' });
  const [stored] = useState(() => findOtpSession(sessionId));

  const actor = useVerifyCode({
    process: 'auth',
    phoneNumber,
    leadId: null,
    session: { otpSessionId: sessionId, expiresAt: stored?.expiresAt ?? null },
    onVerified: (verification) => {
      if (verification.process !== 'auth') return;
      auth.login(verification.tokens);
      void navigate({ href: redirect ?? '/dashboard', replace: true });
    },
  });
  const progress = useSelector(actor, (snapshot) => progressFor('auth', snapshot.value));

  return (
    <VerifyScreenBody
      process="auth"
      progress={progress}
      onBack={() =>
        void navigate({ to: '/login', search: { phone: phoneNumber, ...(redirect ? { redirect } : {}) } })
      }
      title={t('verify.loginTitle')}
      sentTo={t('verify.loginSubtitle')}
      actor={actor}
      phoneNumber={phoneNumber}
    />
  );
}
