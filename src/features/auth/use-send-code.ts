/**
 * Sending a sign-in code from a form (login, registration step 1). No actor until the user submits,
 * and no OTP machine either: the machine, its API calls and the 'code sent' toast (use-otp-flow.ts)
 * load on the first submit, or earlier when the form calls `warmSendCode` (a key press in the field),
 * so /login's first load goes without them.
 */
import type { OtpProcess } from '@domain/registration';
import type { OtpError } from '@machines/otp/otp.machine';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OtpActor, OtpSnapshot } from './use-otp-flow';

const loadOtpFlow = () => import('./use-otp-flow');

/** Starts the download before the submit; a failure shows when the submit tries again. */
export function warmSendCode(): void {
  loadOtpFlow().catch(() => {});
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

/** What a send that could not even load its code shows: the network's message, as a failed request would. */
const LOAD_FAILED: OtpError = { operation: 'send', message: null, code: 'network_error' };

export function useSendCode(process: OtpProcess, options: { redirect?: string } = {}): SendCode {
  const navigate = useNavigate();
  // The action runs 2 s after the send started; it reads the latest router and target.
  const latest = useRef({ navigate, redirect: options.redirect });
  latest.current = { navigate, redirect: options.redirect };

  const actorRef = useRef<OtpActor | null>(null);
  const mounted = useRef(true);
  const [snapshot, setSnapshot] = useState<OtpSnapshot | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<OtpError | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      actorRef.current?.stop();
      actorRef.current = null;
    };
  }, []);

  const loadingRef = useRef(false);
  const send = useCallback(
    (phoneNumber: string, leadId: string | null = null) => {
      const running = actorRef.current;
      if (running) {
        if (running.getSnapshot().matches('sendFailed')) running.send({ type: 'SEND', phoneNumber });
        return;
      }
      if (loadingRef.current) return;
      loadingRef.current = true;
      setLoading(true);
      setLoadError(null);
      loadOtpFlow().then(
        ({ startSendCodeActor }) => {
          loadingRef.current = false;
          setLoading(false);
          if (!mounted.current) return;
          const actor = startSendCodeActor({ process, phoneNumber, leadId }, (params) => {
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
          });
          actorRef.current = actor;
          actor.subscribe(setSnapshot);
          setSnapshot(actor.getSnapshot());
        },
        () => {
          loadingRef.current = false;
          setLoading(false);
          if (mounted.current) setLoadError(LOAD_FAILED);
        },
      );
    },
    [process],
  );

  const error = snapshot?.context.error ?? loadError;
  const waitSeconds = snapshot?.matches('sendFailed') ? snapshot.context.countdown : 0;
  return {
    status: loading ? 'sending' : loadError && !snapshot ? 'failed' : sendStatusOf(snapshot),
    error: error?.operation === 'send' ? error : null,
    waitSeconds,
    send,
  };
}
