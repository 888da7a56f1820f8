import { REGISTRATION_STEP } from '@domain/registration';
import type { OtpVerification } from '@machines/otp/otp.machine';
import { progressFor } from '@machines/registration/auth-progress';
import { selectDraftStartedAt } from '@machines/registration/registration.machine';
import { withVerifiedPhone } from '@machines/registration/registration-lead';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitFor } from 'xstate';
import { ResumeDialog } from '../components/resume-dialog';
import { writeStoredLead } from '../lead-store';
import { findOtpSession } from '../otp-session-store';
import { useVerifyCode } from '../use-otp-flow';
import { type RegistrationActor, useRegistration } from '../use-registration';
import { VerifyScreenBody } from './verify-screen-body';

export interface RegistrationVerifyScreenProps {
  sessionId: string;
  /** E.164. */
  phoneNumber: string;
  leadId: string;
}

/** How long a verified code waits for the registration to finish loading its lead before moving on alone. */
const LEAD_LOAD_WAIT_MS = 10_000;

/**
 * Hands a verified code to the registration. The code can be typed before the lead has loaded (a slow
 * network); it waits for that rather than being dropped, and goes on by itself if the load never ends.
 */
async function handOver(
  registration: RegistrationActor,
  lead: OtpVerification & { process: 'registration' },
) {
  try {
    await waitFor(registration, (snapshot) => snapshot.matches('verifyingPhone'), {
      timeout: LEAD_LOAD_WAIT_MS,
    });
    registration.send({ type: 'PHONE_VERIFIED', lead: lead.lead });
    return true;
  } catch {
    return false;
  }
}

/**
 * Registration, step 2 of 4: the code sent to the lead's phone. A user who arrives fresh (this code
 * session is not the one this tab stored) is first asked whether to continue the registration in
 * progress or start over.
 */
export function RegistrationVerifyScreen({ sessionId, phoneNumber, leadId }: RegistrationVerifyScreenProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [stored] = useState(() => findOtpSession(sessionId));

  const registration = useRegistration({
    input: { requestedStep: REGISTRATION_STEP.OTP_VERIFICATION, leadId, arrivedFresh: stored === null },
  });
  const otp = useVerifyCode({
    process: 'registration',
    phoneNumber,
    leadId,
    session: { otpSessionId: sessionId, expiresAt: stored?.expiresAt ?? null },
    onVerified: (verification) => {
      if (verification.process !== 'registration') return;
      void handOver(registration, verification).then((handed) => {
        if (handed || !verification.lead) return;
        writeStoredLead(withVerifiedPhone(verification.lead));
        void navigate({ to: '/register/verified', search: { l: verification.lead.id } });
      });
    },
  });

  const progress = useSelector(registration, (snapshot) =>
    snapshot.matches('checkingDraft') ? { step: 2, total: 4 } : progressFor('registration', snapshot.value),
  );
  const offeringResume = useSelector(registration, (snapshot) => snapshot.matches('offeringResume'));
  const startedAt = useSelector(registration, (snapshot) => selectDraftStartedAt(snapshot.context));

  const back = () => {
    if (registration.getSnapshot().can({ type: 'BACK' })) registration.send({ type: 'BACK' });
    else void navigate({ to: '/login', search: { phone: phoneNumber } });
  };

  return (
    <>
      <VerifyScreenBody
        process="registration"
        progress={progress}
        onBack={back}
        title={t('verify.registrationTitle')}
        sentTo={t('verify.registrationSubtitle')}
        actor={otp}
        phoneNumber={phoneNumber}
      />
      <ResumeDialog
        opened={offeringResume}
        startedAt={startedAt}
        onContinue={() => registration.send({ type: 'CONTINUE' })}
        onStartOver={() => registration.send({ type: 'START_OVER' })}
        onClose={() => registration.send({ type: 'CLOSE' })}
      />
    </>
  );
}
