/**
 * One code session, from sending a code to a verified code, for both processes: `auth` (login) and
 * `registration` (spec 4 "Sending a code", "Verify", "Code entry behaviour", "Resend"; spec 5
 * "One-time code").
 *
 * - `starting` decides where the flow begins. With a session in the input (the verify screen opened from
 *   its URL) it goes straight to `enteringCode`; when that session has expired or has the all-zero id,
 *   the code entry still shows, with resend available at once. Without a session it sends a code.
 * - `sending` invokes `sendOtp`. A real session is stored (`storeOtpSession`), the 'code sent' toast is
 *   shown (`notifyCodeSent`) and, after `navigateDelay` (2 s) in `announcing`, the app opens the verify
 *   screen (`navigateToVerify`). A failure, and the all-zero session id that means "no session", rest in
 *   `sendFailed` (no navigation), where SEND tries again; after a 429 only once the server's
 *   Retry-After has been counted down, one `resendTick` at a time, when the message about it goes.
 * - `enteringCode` runs two regions side by side:
 *   - `code`: `editing` keeps the code digits-only and at most 6 long; the sixth digit submits by itself
 *     when no request is in flight, SUBMIT_CODE submits by hand. Neither sends
 *     without 6 digits, a session id and a phone. `verifying` invokes `verifyCode` (the app calls login
 *     for auth, verify for registration): done → `verified` (final; output = tokens or lead;
 *     `clearOtpSession`); error → `editing` with the server's message and the code cleared, while
 *     the resend countdown runs on: the server takes a new code only 30 s after the last one, so
 *     offering it sooner (spec 4 says at once) would only earn a refusal.
 *   - `resend`: `idle` counts down from 30, one `resendTick` (1 s) at a time. RESEND at 0 with a phone
 *     invokes `sendOtp` again in `resending`: done → the new session stored and the countdown back at
 *     30; error → the message, and the countdown at the server's Retry-After (0 without one).
 *
 * Expiry needs no timer here: a late code gets the server's 'The code has expired'. The clock is the
 * `now` input so `isSessionValid` is deterministic in tests.
 */

import { OTP_RESEND_INTERVAL_MS } from '@domain/otp-policy';
import type { OtpProcess } from '@domain/registration';
import type {
  Lead,
  SendOtpRequest as SendOtpInput,
  OtpSession as SentOtpSession,
  Tokens,
} from '@openapi/schema';
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import type { HebrewMeta } from '../machine-text';
import {
  isEmptyOtpSessionId,
  isOtpCodeComplete,
  isOtpSessionValid,
  normalizeOtpCode,
  type OtpSessionRef,
} from './otp-code';
import { readServerError, type ServerError } from './server-error';

/** What `sendOtp` resolves with: the data of POST /login/Otp/send. */
export type { OtpSession as SentOtpSession, SendOtpRequest as SendOtpInput } from '@openapi/schema';

/** The resend countdown ticks each second... */
export const RESEND_TICK_MS = 1000;
/** ...down to the moment the server takes a new code for the phone (domain/otp-policy.ts). */
export const RESEND_COUNTDOWN_SECONDS = OTP_RESEND_INTERVAL_MS / RESEND_TICK_MS;
/** Spec 9: the verify screen opens 2 seconds after a code was sent (while the 2-second toast shows). */
export const NAVIGATE_DELAY_MS = 2000;
/** `OtpError.code` when the server answered with the all-zero session id: the code cannot be verified. */
export const EMPTY_SESSION_ERROR_CODE = 'empty_session';

export type { OtpSessionRef } from './otp-code';

/** What a verified code yields: tokens from login (auth), the verified lead from verify (registration). */
export type OtpVerification =
  | { process: 'auth'; tokens: Tokens }
  | { process: 'registration'; lead: Lead | null };

export interface VerifyCodeInput {
  process: OtpProcess;
  phoneNumber: string;
  otpSessionId: string;
  otpCode: string;
  leadId: string | null;
}

/** The last failure; `operation` tells the screen where to show it (send: the form; verify: under the code). */
export interface OtpError extends ServerError {
  operation: 'send' | 'resend' | 'verify';
}

export interface OtpContext {
  process: OtpProcess;
  /** E.164; '' when the verify URL had none, which blocks verify and resend. */
  phoneNumber: string;
  leadId: string | null;
  session: OtpSessionRef | null;
  /** Digits only, at most 6. */
  code: string;
  /** Seconds until resend is available; 0 means available. */
  countdown: number;
  error: OtpError | null;
  verification: OtpVerification | null;
  now: () => number;
}

export interface OtpInput {
  process: OtpProcess;
  /** E.164. */
  phoneNumber: string;
  /** Registration only: the lead the code verifies. */
  leadId?: string | null;
  /** A session already sent (the verify screen opened from its URL): the flow starts at the code entry. */
  session?: { otpSessionId: string; expiresAt?: string | null } | null;
  /** Epoch milliseconds; defaults to `Date.now`. */
  now?: () => number;
}

export type OtpEvent =
  /** Try sending again after `sendFailed`, possibly to a corrected phone (E.164). */
  | { type: 'SEND'; phoneNumber: string }
  /** The whole content of the code entry after a keystroke or a paste; it is normalised here. */
  | { type: 'TYPE_CODE'; code: string }
  | { type: 'SUBMIT_CODE' }
  | { type: 'RESEND' };

export interface NavigateToVerifyParams {
  process: OtpProcess;
  otpSessionId: string;
  phoneNumber: string;
  leadId: string | null;
}

function sessionOf(sent: SentOtpSession): OtpSessionRef {
  return { otpSessionId: sent.otpSessionId, expiresAt: sent.expiresAt };
}

/** States that verify or navigate hold a session; reaching them without one is a modelling bug. */
function currentSession(context: OtpContext): OtpSessionRef {
  if (!context.session) throw new Error('otp machine: this state has no session');
  return context.session;
}

function verifiedOutput(context: OtpContext): OtpVerification {
  if (!context.verification) throw new Error('otp machine: verified without a verification');
  return context.verification;
}

const emptySessionError = (operation: OtpError['operation']): OtpError => ({
  operation,
  message: null,
  code: EMPTY_SESSION_ERROR_CODE,
});

/** What a send and a resend ask the server for: the same phone, process and lead. */
function sendOtpInput(context: OtpContext): SendOtpInput {
  return {
    phoneNumber: context.phoneNumber,
    process: context.process,
    ...(context.leadId ? { leadId: context.leadId } : {}),
  };
}

/** A code went out, first or again: its session is kept, stored for a reloaded screen, and announced. */
function codeSent({ resend }: { resend: boolean }) {
  return [
    {
      type: 'assignSession',
      params: ({ event }: { event: { output: SentOtpSession } }) => ({ session: sessionOf(event.output) }),
    },
    {
      type: 'storeOtpSession',
      params: ({ context }: { context: OtpContext }) => ({
        session: currentSession(context),
        phoneNumber: context.phoneNumber,
      }),
    },
    {
      type: 'notifyCodeSent',
      params: ({ context }: { context: OtpContext }) => ({ process: context.process, resend }),
    },
  ] as const;
}

/** A send or resend refused: the server's message for that operation, and the wait it asked for. */
function sendRefused(operation: OtpError['operation']) {
  return [
    {
      type: 'assignError',
      params: ({ event }: { event: { error: unknown } }) => ({
        error: { operation, ...readServerError(event.error) },
      }),
    },
    {
      type: 'waitRetryAfter',
      params: ({ event }: { event: { error: unknown } }) => ({ error: readServerError(event.error) }),
    },
  ] as const;
}

export const otpMachine = setup({
  types: {
    context: {} as OtpContext,
    events: {} as OtpEvent,
    input: {} as OtpInput,
    output: {} as OtpVerification,
    meta: {} as HebrewMeta,
  },
  actors: {
    sendOtp: fromPromise<SentOtpSession, SendOtpInput>(async () => {
      throw new Error('otp machine: sendOtp is not provided');
    }),
    verifyCode: fromPromise<OtpVerification, VerifyCodeInput>(async () => {
      throw new Error('otp machine: verifyCode is not provided');
    }),
  },
  actions: {
    /** Persist the session (spec 3 OTP session store) so a reloaded verify screen can check its expiry. */
    storeOtpSession: (_, _params: { session: OtpSessionRef; phoneNumber: string }) => {},
    clearOtpSession: () => {},
    /** The 2-second info toast at bottom-right (authCommon.otpCodeSent). */
    notifyCodeSent: (_, _params: { process: OtpProcess; resend: boolean }) => {},
    /** Registration: type, lead, session, phone in the URL; auth: type, session, phone. */
    navigateToVerify: (_, _params: NavigateToVerifyParams) => {},
    assignPhone: assign((_, params: { phoneNumber: string }) => ({ phoneNumber: params.phoneNumber })),
    assignSession: assign((_, params: { session: OtpSessionRef }) => ({ session: params.session })),
    assignCode: assign((_, params: { code: string }) => ({ code: params.code })),
    clearCode: assign({ code: '' }),
    assignError: assign((_, params: { error: OtpError }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    restartCountdown: assign({ countdown: RESEND_COUNTDOWN_SECONDS }),
    makeResendAvailable: assign({ countdown: 0 }),
    /** After a refused send or resend (429): the countdown follows the server's Retry-After. */
    waitRetryAfter: assign((_, params: { error: ServerError }) => ({
      countdown: Math.max(0, Math.ceil(params.error.retryAfterSeconds ?? 0)),
    })),
    tickCountdown: assign({ countdown: ({ context }) => Math.max(0, context.countdown - 1) }),
    assignVerification: assign((_, params: { verification: OtpVerification }) => ({
      verification: params.verification,
    })),
  },
  guards: {
    hasSession: ({ context }) => context.session !== null,
    /** Spec 3: valid only while now < expiresAt (and never with the all-zero id). */
    isSessionValid: ({ context }) => isOtpSessionValid(context.session, context.now()),
    isEmptySession: (_, params: { session: SentOtpSession }) =>
      isEmptyOtpSessionId(params.session.otpSessionId),
    /** Spec 4: only when the countdown is finished and a phone exists. */
    canResend: ({ context }) => context.countdown === 0 && context.phoneNumber !== '',
    isCountingDown: ({ context }) => context.countdown > 0,
    isLastSecond: ({ context }) => context.countdown === 1,
    isCodeComplete: ({ context }) => isOtpCodeComplete(context.code),
    /** The keystroke that completes the code, not a repeat of a code already complete. */
    completesNewCode: ({ context, event }) => {
      if (event.type !== 'TYPE_CODE') return false;
      const code = normalizeOtpCode(event.code);
      return isOtpCodeComplete(code) && code !== context.code;
    },
    /** Spec 5: verify is not sent without a session id and a phone. */
    hasVerifiableSession: ({ context }) =>
      !isEmptyOtpSessionId(context.session?.otpSessionId) && context.phoneNumber !== '',
    /** A resend replaces the session, so no code is verified against the old one meanwhile. */
    isResendInFlight: stateIn('#otp.enteringCode.resend.resending'),
  },
  delays: {
    navigateDelay: NAVIGATE_DELAY_MS,
    resendTick: RESEND_TICK_MS,
  },
}).createMachine({
  id: 'otp',
  initial: 'starting',
  context: ({ input }) => ({
    process: input.process,
    phoneNumber: input.phoneNumber,
    leadId: input.leadId ?? null,
    session: input.session
      ? { otpSessionId: input.session.otpSessionId, expiresAt: input.session.expiresAt ?? null }
      : null,
    code: '',
    countdown: RESEND_COUNTDOWN_SECONDS,
    error: null,
    verification: null,
    now: input.now ?? Date.now,
  }),
  output: ({ context }) => verifiedOutput(context),
  states: {
    starting: {
      description: 'The flow decides where to begin: the code entry, or sending a code.',
      meta: { he: 'התהליך מחליט מאיפה להתחיל: הזנת הקוד, או שליחת קוד.' },
      always: [
        {
          guard: 'isSessionValid',
          target: 'enteringCode',
          description: 'A live code session is known: go straight to the code entry.',
          meta: { he: 'יש הפעלת קוד בתוקף: עוברים ישר להזנת הקוד.' },
        },
        // An expired or empty session cannot verify anything: offer a new code right away.
        {
          guard: 'hasSession',
          target: 'enteringCode',
          actions: 'makeResendAvailable',
          description:
            'The code session has expired or is empty: show the code entry with resend available at once.',
          meta: { he: 'הפעלת הקוד פגה או ריקה: מציגים את הזנת הקוד, ואפשר לבקש קוד חדש מיד.' },
        },
        {
          target: 'sending',
          description: 'No code session yet: send a code.',
          meta: { he: 'עדיין אין הפעלת קוד: שולחים קוד.' },
        },
      ],
    },
    sending: {
      description: 'A code is being sent to the phone.',
      meta: { he: 'קוד נשלח לטלפון.' },
      invoke: {
        id: 'sendOtp',
        src: 'sendOtp',
        input: ({ context }) => sendOtpInput(context),
        onDone: [
          {
            // Checked before anything is stored or announced: "sent" would be untrue.
            guard: { type: 'isEmptySession', params: ({ event }) => ({ session: event.output }) },
            target: 'sendFailed',
            actions: [
              { type: 'assignError', params: { error: emptySessionError('send') } },
              'makeResendAvailable',
            ],
            description:
              'The server answered with the empty session: no code can be verified, so sending failed.',
            meta: { he: 'השרת ענה בהפעלה ריקה: אי אפשר לאמת קוד, ולכן השליחה נכשלה.' },
          },
          {
            target: 'announcing',
            description: 'The code was sent: the session is saved and a “code sent” message shows.',
            meta: { he: 'הקוד נשלח: ההפעלה נשמרת ומוצגת הודעה שהקוד נשלח.' },

            actions: codeSent({ resend: false }),
          },
        ],
        onError: {
          target: 'sendFailed',
          description:
            'Sending failed: the server’s message shows on the form, and after a refusal for sending too often the form waits out the server’s interval.',
          meta: {
            he: 'השליחה נכשלה: הודעת השרת מוצגת בטופס, ואם השרת ביקש להמתין, אפשר לשלוח שוב רק בתום ההמתנה.',
          },
          actions: sendRefused('send'),
        },
      },
    },
    sendFailed: {
      description:
        'The code was not sent; the message says why, and the user may try again once the server’s wait (if any) is over.',
      meta: { he: 'הקוד לא נשלח; ההודעה מסבירה למה, ואפשר לנסות שוב בתום ההמתנה שהשרת ביקש, אם ביקש.' },
      after: {
        resendTick: [
          {
            guard: 'isLastSecond',
            target: 'sendFailed',
            description: 'The server’s wait is over: its message goes and the form may send again.',
            meta: { he: 'ההמתנה הסתיימה: ההודעה עליה יורדת ואפשר לשלוח שוב.' },
            reenter: true,
            actions: ['tickCountdown', 'clearError'],
          },
          {
            guard: 'isCountingDown',
            target: 'sendFailed',
            description: 'A second of the server’s wait passes: one second less to wait.',
            meta: { he: 'עוברת שנייה מההמתנה: נשארת שנייה אחת פחות.' },
            reenter: true,
            actions: 'tickCountdown',
          },
        ],
      },
      on: {
        SEND: {
          // Nothing is sent that the server has said it will refuse (its Retry-After).
          guard: not('isCountingDown'),
          target: 'sending',
          description: 'No wait is left: the code is sent again, possibly to a corrected phone.',
          meta: { he: 'לא נשארה המתנה: הקוד נשלח שוב, אולי למספר שתוקן.' },
          actions: [
            { type: 'assignPhone', params: ({ event }) => ({ phoneNumber: event.phoneNumber }) },
            'clearError',
          ],
        },
      },
    },
    announcing: {
      description: 'The “code sent” message shows for 2 seconds before the code screen opens.',
      meta: { he: 'ההודעה שהקוד נשלח מוצגת 2 שניות לפני שנפתח מסך הקוד.' },
      after: {
        navigateDelay: {
          target: 'enteringCode',
          description: '2 seconds have passed: the code screen opens and the resend countdown starts at 30.',
          meta: { he: 'עברו 2 שניות: מסך הקוד נפתח וספירת 30 השניות לשליחה חוזרת מתחילה.' },

          actions: [
            'restartCountdown',
            {
              type: 'navigateToVerify',
              params: ({ context }) => ({
                process: context.process,
                otpSessionId: currentSession(context).otpSessionId,
                phoneNumber: context.phoneNumber,
                leadId: context.leadId,
              }),
            },
          ],
        },
      },
    },
    enteringCode: {
      description: 'The code screen: the code boxes and the resend link work side by side.',
      meta: { he: 'מסך הקוד: תיבות הקוד והקישור לשליחה חוזרת פועלים זה לצד זה.' },
      type: 'parallel',
      states: {
        code: {
          description: 'The code boxes.',
          meta: { he: 'תיבות הקוד.' },
          initial: 'editing',
          states: {
            editing: {
              description: 'The user types the 6-digit code.',
              meta: { he: 'מקלידים את הקוד בן 6 הספרות.' },
              on: {
                TYPE_CODE: [
                  {
                    guard: and(['completesNewCode', 'hasVerifiableSession', not('isResendInFlight')]),
                    target: 'verifying',
                    description:
                      'The sixth digit completes a new code and a session is known: the code is checked at once.',
                    meta: { he: 'הספרה השישית משלימה קוד חדש ויש הפעלה: הקוד נבדק מיד.' },
                    actions: [
                      { type: 'assignCode', params: ({ event }) => ({ code: normalizeOtpCode(event.code) }) },
                      'clearError',
                    ],
                  },
                  {
                    description:
                      'The code is not complete yet (or cannot be checked now): the digits are kept.',
                    meta: { he: 'הקוד עדיין לא שלם (או שאי אפשר לבדוק אותו עכשיו): הספרות נשמרות.' },
                    actions: [
                      { type: 'assignCode', params: ({ event }) => ({ code: normalizeOtpCode(event.code) }) },
                      // The message was about the previous code; editing starts a new attempt.
                      'clearError',
                    ],
                  },
                ],
                SUBMIT_CODE: {
                  guard: and(['isCodeComplete', 'hasVerifiableSession', not('isResendInFlight')]),
                  target: 'verifying',
                  description: 'All 6 digits are in and no new code is on its way: the code is checked.',
                  meta: { he: 'כל 6 הספרות הוזנו ואין קוד חדש בדרך: הקוד נבדק.' },

                  actions: 'clearError',
                },
              },
            },
            verifying: {
              description: 'The server checks the code; the boxes are locked meanwhile.',
              meta: { he: 'השרת בודק את הקוד; התיבות נעולות בינתיים.' },
              // Typing is not taken while the code is being checked: the screen disables the entry.
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({
                  process: context.process,
                  phoneNumber: context.phoneNumber,
                  otpSessionId: currentSession(context).otpSessionId,
                  otpCode: context.code,
                  leadId: context.leadId,
                }),
                onDone: {
                  target: '#otp.verified',
                  description: 'The code is right: the flow is verified.',
                  meta: { he: 'הקוד נכון: התהליך אומת.' },

                  actions: [
                    { type: 'assignVerification', params: ({ event }) => ({ verification: event.output }) },
                    'clearOtpSession',
                  ],
                },
                onError: {
                  target: 'editing',
                  description:
                    'The code was refused: the message shows, the boxes empty and a new code may be asked at once.',
                  meta: { he: 'הקוד נדחה: ההודעה מוצגת, התיבות מתרוקנות ואפשר לבקש קוד חדש מיד.' },

                  actions: [
                    {
                      type: 'assignError',
                      params: ({ event }) => ({
                        error: { operation: 'verify', ...readServerError(event.error) },
                      }),
                    },
                    // A wrong or expired code is retyped from the first box (or pasted again).
                    'clearCode',
                  ],
                  // No makeResendAvailable: spec 4 offers resend at once here, but the server refuses
                  // a new code within 30 s of the last (a 429), so the running countdown goes on.
                },
              },
            },
          },
        },
        resend: {
          description: 'Asking for a new code.',
          meta: { he: 'בקשת קוד חדש.' },
          initial: 'idle',
          states: {
            idle: {
              description: 'The resend link counts down from 30 seconds; at 0 a new code may be asked.',
              meta: { he: 'הקישור לשליחה חוזרת סופר 30 שניות לאחור; ב-0 אפשר לבקש קוד חדש.' },
              after: {
                resendTick: {
                  guard: 'isCountingDown',
                  target: 'idle',
                  description: 'A second passes while the countdown runs: one second less to wait.',
                  meta: { he: 'עוברת שנייה בזמן הספירה: נשארת שנייה אחת פחות.' },

                  reenter: true,
                  actions: 'tickCountdown',
                },
              },
              on: {
                RESEND: {
                  guard: 'canResend',
                  target: 'resending',
                  actions: 'clearError',
                  description: 'The countdown is over and the phone is known: a new code is sent.',
                  meta: { he: 'הספירה הסתיימה והטלפון ידוע: נשלח קוד חדש.' },
                },
              },
            },
            resending: {
              description: 'A new code is being sent; typed digits wait for it.',
              meta: { he: 'קוד חדש נשלח; הספרות שהוקלדו ממתינות לו.' },
              invoke: {
                id: 'resendOtp',
                src: 'sendOtp',
                input: ({ context }) => sendOtpInput(context),
                onDone: [
                  {
                    guard: { type: 'isEmptySession', params: ({ event }) => ({ session: event.output }) },
                    target: 'idle',
                    actions: { type: 'assignError', params: { error: emptySessionError('resend') } },
                    description:
                      'The server answered with the empty session: the new code cannot be verified, and a message says so.',
                    meta: { he: 'השרת ענה בהפעלה ריקה: אי אפשר לאמת את הקוד החדש, והודעה אומרת זאת.' },
                  },
                  {
                    target: 'idle',
                    description:
                      'The new code was sent: the boxes empty and the countdown starts again at 30.',
                    meta: { he: 'הקוד החדש נשלח: התיבות מתרוקנות והספירה מתחילה שוב מ-30.' },

                    actions: [
                      ...codeSent({ resend: true }),
                      // Digits typed for the old code cannot match the new one.
                      'clearCode',
                      'restartCountdown',
                    ],
                  },
                ],
                onError: {
                  target: 'idle',
                  description:
                    'The new code was not sent: the server’s message shows, and after a refusal for sending too often the resend waits out the server’s interval.',
                  meta: {
                    he: 'הקוד החדש לא נשלח: הודעת השרת מוצגת, ואם השרת ביקש להמתין, אפשר לבקש שוב רק בתום ההמתנה.',
                  },
                  actions: sendRefused('resend'),
                },
              },
            },
          },
        },
      },
    },
    verified: {
      type: 'final',
      description: 'The code was verified: signed in, or on to the company details.',
      meta: { he: 'הקוד אומת: נכנסים למערכת, או ממשיכים לפרטי החברה.' },
    },
  },
});

export type OtpMachine = typeof otpMachine;
