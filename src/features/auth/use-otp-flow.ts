/**
 * The running OTP flow: `otpMachine` provided with the API, the OTP session store, the 'code sent' toast
 * and the router. Two uses:
 *
 * - `startSendCodeActor` for `useSendCode` on the forms (use-send-code.ts, which loads this module on
 *   the first submit): the machine sends as soon as it starts without a session; a failed send is
 *   retried with SEND. After the toast's 2 s it opens the verify screen, which unmounts the form.
 * - `useVerifyCode` on the verify screen: the session of the URL, code entry, resend countdown.
 */

import type { OtpProcess } from '@domain/registration';
import {
  type NavigateToVerifyParams,
  type OtpInput,
  type OtpVerification,
  otpMachine,
  type SendOtpInput,
  type SentOtpSession,
  type VerifyCodeInput,
} from '@machines/otp/otp.machine';
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { type ActorRefFrom, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { inspectActors } from '@/inspection/actor-inspection';
import { sendOtp, verifyCode } from './auth-requests';
import { showCodeSentToast } from './code-sent-toast';
import { clearOtpSession, writeOtpSession } from './otp-session-store';

export type OtpActor = ActorRefFrom<typeof otpMachine>;
export type OtpSnapshot = SnapshotFrom<typeof otpMachine>;

function provideOtpMachine(navigateToVerify: (params: NavigateToVerifyParams) => void) {
  return otpMachine.provide({
    actors: {
      sendOtp: fromPromise<SentOtpSession, SendOtpInput>(({ input, signal }) => sendOtp(input, signal)),
      verifyCode: fromPromise<OtpVerification, VerifyCodeInput>(({ input, signal }) =>
        verifyCode(input, signal),
      ),
    },
    actions: {
      storeOtpSession: (_, { session, phoneNumber }) =>
        writeOtpSession({ sessionId: session.otpSessionId, phoneNumber, expiresAt: session.expiresAt }),
      clearOtpSession: () => clearOtpSession(),
      notifyCodeSent: () => showCodeSentToast(),
      navigateToVerify: (_, params) => navigateToVerify(params),
    },
  });
}

/**
 * The actor `useSendCode` (use-send-code.ts) starts on a submit: this module, with the machine and the
 * API calls, loads then rather than with the form.
 */
export function startSendCodeActor(
  input: OtpInput,
  navigateToVerify: (params: NavigateToVerifyParams) => void,
): OtpActor {
  const actor = createActor(provideOtpMachine(navigateToVerify), { input, inspect: inspectActors });
  actor.start();
  return actor;
}

export interface VerifyCodeOptions {
  process: OtpProcess;
  /** E.164. */
  phoneNumber: string;
  leadId: string | null;
  session: { otpSessionId: string; expiresAt: string | null };
  /** Called once, when the code has been verified. */
  onVerified: (verification: OtpVerification) => void;
}

export function useVerifyCode({ process, phoneNumber, leadId, session, onVerified }: VerifyCodeOptions) {
  // The verify screen is where navigateToVerify leads; the machine never asks for it from here.
  const [machine] = useState(() => provideOtpMachine(() => {}));
  const actor = useActorRef(machine, {
    input: { process, phoneNumber, leadId, session },
    inspect: inspectActors,
  });

  const latest = useRef(onVerified);
  latest.current = onVerified;
  const handled = useRef(false);
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status !== 'done' || handled.current) return;
      handled.current = true;
      latest.current(snapshot.output);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  return actor;
}
