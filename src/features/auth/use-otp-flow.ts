/**
 * The running OTP flow: `otpMachine` provided with the API, the OTP session store, the 'code sent' toast
 * and the router. Two uses:
 *
 * - `useSendCode` on the forms (login, registration step 1): no actor until the user submits, because
 *   the machine sends as soon as it starts without a session; a failed send is retried with SEND.
 *   After the toast's 2 s the machine opens the verify screen, which unmounts the form and its actor.
 * - `useVerifyCode` on the verify screen: the session of the URL, code entry, resend countdown.
 */

import type { OtpProcess } from '@domain/registration';
import {
  type NavigateToVerifyParams,
  type OtpError,
  type OtpInput,
  type OtpVerification,
  otpMachine,
  type SendOtpInput,
  type SentOtpSession,
  type VerifyCodeInput,
} from '@machines/otp/otp.machine';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
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

export type SendStatus = 'idle' | 'sending' | 'sent' | 'failed';

export interface SendCode {
  status: SendStatus;
  /** The last failure while sending; null otherwise. */
  error: OtpError | null;
  /** Seconds the server asked to wait (its Retry-After) before another send; 0 when sending is open. */
  waitSeconds: number;
  /** Sends a code to `phoneNumber` (E.164); registration names its lead. Ignored while a send is under way. */
  send: (phoneNumber: string, leadId?: string | null) => void;
}

function sendStatusOf(snapshot: OtpSnapshot | null): SendStatus {
  if (!snapshot) return 'idle';
  if (snapshot.matches('sendFailed')) return 'failed';
  if (snapshot.matches('starting') || snapshot.matches('sending')) return 'sending';
  return 'sent';
}

export function useSendCode(process: OtpProcess, options: { redirect?: string } = {}): SendCode {
  const navigate = useNavigate();
  // The action runs 2 s after the render that created the machine; it reads the latest router and target.
  const latest = useRef({ navigate, redirect: options.redirect });
  latest.current = { navigate, redirect: options.redirect };

  const [machine] = useState(() =>
    provideOtpMachine((params) => {
      const { navigate: go, redirect } = latest.current;
      void go({
        to: '/auth/verify-otp',
        search: {
          type: params.process,
          ...(params.leadId ? { lead: params.leadId } : {}),
          session: params.otpSessionId,
          phone: params.phoneNumber,
          ...(redirect ? { redirect } : {}),
        },
      });
    }),
  );
  const actorRef = useRef<OtpActor | null>(null);
  const [snapshot, setSnapshot] = useState<OtpSnapshot | null>(null);

  useEffect(
    () => () => {
      actorRef.current?.stop();
      actorRef.current = null;
    },
    [],
  );

  const send = useCallback(
    (phoneNumber: string, leadId: string | null = null) => {
      const running = actorRef.current;
      if (running) {
        if (running.getSnapshot().matches('sendFailed')) running.send({ type: 'SEND', phoneNumber });
        return;
      }
      const input: OtpInput = { process, phoneNumber, leadId };
      const actor = createActor(machine, { input, inspect: inspectActors });
      actorRef.current = actor;
      actor.subscribe(setSnapshot);
      actor.start();
      setSnapshot(actor.getSnapshot());
    },
    [machine, process],
  );

  const error = snapshot?.context.error ?? null;
  const waitSeconds = snapshot?.matches('sendFailed') ? snapshot.context.countdown : 0;
  return {
    status: sendStatusOf(snapshot),
    error: error?.operation === 'send' ? error : null,
    waitSeconds,
    send,
  };
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
