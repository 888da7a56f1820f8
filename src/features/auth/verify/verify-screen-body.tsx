import type { OtpProcess } from '@domain/registration';
import type { AuthProgress } from '@machines/registration/auth-progress';
import { AuthProgressBar } from '../components/auth-progress';
import { AuthScreenHeader } from '../components/auth-screen-header';
import { PhoneNumberText } from '../components/phone-number-text';
import type { OtpActor } from '../use-otp-flow';
import { VerifyCodePanel } from './verify-code-panel';

interface VerifyScreenBodyProps {
  process: OtpProcess;
  progress: AuthProgress;
  onBack: () => void;
  title: string;
  /** The words before the phone number the code went to. */
  sentTo: string;
  actor: OtpActor;
  /** E.164. */
  phoneNumber: string;
}

/** What the login and the registration verify screens share: the header, then the code panel. */
export function VerifyScreenBody({
  process,
  progress,
  onBack,
  title,
  sentTo,
  actor,
  phoneNumber,
}: VerifyScreenBodyProps) {
  return (
    <>
      <AuthScreenHeader
        onBack={onBack}
        top={<AuthProgressBar process={process} progress={progress} />}
        title={title}
        subtitle={
          <>
            {sentTo} <PhoneNumberText value={phoneNumber} />
          </>
        }
      />
      <VerifyCodePanel actor={actor} phoneNumber={phoneNumber} />
    </>
  );
}
