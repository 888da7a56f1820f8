/**
 * The life of an exposure request (issue 23): a broker asks a client to sign a brokerage order before
 * the properties are revealed. One definition for the server, which applies every status change
 * through it (xstate's pure `transition`, then stores the new status), and for the client's screens.
 *
 * - `draft` --SEND--> `sent`: the SMS with the link went out.
 * - `sent` --OPEN--> `opened`: the client opened the link (nothing of the request shown yet).
 * - `opened` --VERIFY--> `verified`: the client proved the phone the broker named with a one-time code.
 * - `verified` --SIGN--> `signed`: only the verified phone, with explicit consent, a typed full
 *   name and an order that holds everything the regulations require.
 * - DECLINE from `opened` or `verified` → `declined`; REVOKE by the broker from any open state
 *   → `revoked` (final); any event of the client at or after the link's expiry, or EXPIRE, → `expired`.
 *   RESEND (a new link) goes back to `sent`, within the resend limits.
 * - AMEND: the broker changes the terms of a sent, opened, verified, signed, declined or expired request:
 *   the next version goes out with a fresh link (`sent`, its own resend count, no phone verified). A
 *   signed version stays stored as signed (the server's signed_orders); only `revoked` is final.
 *
 * Pure: no actors and no clock. Time comes in the events (`now`, epoch ms), so the same event gives the
 * same answer on the server and in a test, and an event a state refuses leaves the snapshot as it was.
 */
import { type BrokerageOrder, validateBrokerageOrder } from '@domain/brokerage-order';
import { EXPOSURE_MAX_SENDS, EXPOSURE_RESEND_SPACING_MS } from '@domain/exposure-resend';
import { assign, setup } from 'xstate';
import type { HebrewMeta } from '../machine-text';

/** A link lives 14 days unless the broker chose otherwise. */
export const EXPOSURE_LINK_DAYS = 14;
export const EXPOSURE_LINK_TTL_MS = EXPOSURE_LINK_DAYS * 24 * 60 * 60 * 1000;

export const EXPOSURE_STATUSES = [
  'draft',
  'sent',
  'opened',
  'verified',
  'signed',
  'declined',
  'expired',
  'revoked',
] as const;
export type ExposureStatus = (typeof EXPOSURE_STATUSES)[number];

export interface ExposureRequestContext {
  /** The client's mobile phone as the broker entered it (E.164): the only phone that may verify. */
  clientPhone: string;
  /** When the current link stops working (epoch ms). */
  expiresAt: number;
  /** SMS messages sent so far, the first one included. */
  sends: number;
  /** When the last SMS went out (epoch ms); null before the first. */
  lastSentAt: number | null;
  /** The phone proved with a code on the current link; null until then. */
  verifiedPhone: string | null;
}

export type ExposureRequestEvent =
  | { type: 'SEND'; now: number; expiresAt: number }
  | { type: 'RESEND'; now: number; expiresAt: number }
  | { type: 'OPEN'; now: number }
  | { type: 'VERIFY'; now: number; phone: string }
  | { type: 'SIGN'; now: number; phone: string; consent: boolean; typedName: string; order: BrokerageOrder }
  | { type: 'DECLINE'; now: number }
  | { type: 'REVOKE' }
  | { type: 'AMEND'; now: number; expiresAt: number }
  | { type: 'EXPIRE'; now: number };

export interface ExposureRequestInput {
  clientPhone: string;
}

const clientEventIsLate = {
  guard: 'linkExpired',
  target: '#exposureRequest.expired',
  description: 'The link’s time is up: the request expires instead.',
  meta: { he: 'תוקף הקישור פג: הבקשה פוקעת במקום זאת.' },
} as const;

const revoke = {
  target: '#exposureRequest.revoked',
  description: 'The broker withdraws the request; the link stops working.',
  meta: { he: 'המתווך מבטל את הבקשה; הקישור מפסיק לפעול.' },
} as const;

const resend = {
  guard: 'mayResend',
  target: '#exposureRequest.sent',
  actions: 'recordSend',
  description: 'Within the resend limits: a new link goes out by SMS and the old one stops working.',
  meta: { he: 'בגבולות השליחה החוזרת: קישור חדש נשלח ב-SMS והקודם מפסיק לפעול.' },
} as const;

const amend = {
  guard: 'mayAmend',
  target: '#exposureRequest.sent',
  actions: 'recordAmendment',
  description:
    'The broker changes the terms: the next version goes out by SMS with a fresh link; the old link stops working and a signed version stays as signed.',
  meta: {
    he: 'המתווך משנה את התנאים: הגרסה הבאה נשלחת ב-SMS בקישור חדש; הקישור הקודם מפסיק לפעול וגרסה חתומה נשארת כפי שנחתמה.',
  },
} as const;

const expire = {
  guard: 'linkExpired',
  target: '#exposureRequest.expired',
  description: 'The link’s time is up before the client signed.',
  meta: { he: 'תוקף הקישור פג לפני שהלקוח חתם.' },
} as const;

/** A code sent to the phone the broker named was verified: this browser now holds the request. */
const clientPhoneVerified = {
  guard: 'isClientPhone',
  target: '#exposureRequest.verified',
  actions: 'recordVerifiedPhone',
} as const;

/** What the broker and the clock may do in every state in which the client holds a live link. */
const whileTheLinkIsOut = { RESEND: resend, AMEND: amend, REVOKE: revoke, EXPIRE: expire } as const;

export const exposureRequestMachine = setup({
  types: {
    context: {} as ExposureRequestContext,
    events: {} as ExposureRequestEvent,
    input: {} as ExposureRequestInput,
    meta: {} as HebrewMeta,
  },
  guards: {
    linkExpired: ({ context, event }) => 'now' in event && event.now >= context.expiresAt,
    mayResend: ({ context, event }) =>
      event.type === 'RESEND' &&
      event.expiresAt > event.now &&
      context.sends < EXPOSURE_MAX_SENDS &&
      (context.lastSentAt === null || event.now - context.lastSentAt >= EXPOSURE_RESEND_SPACING_MS),
    // Not the resend count (a new version is a new order, not a reminder), but the same spacing: a
    // double click, or a flurry of edits, sends one SMS a minute at most.
    mayAmend: ({ context, event }) =>
      event.type === 'AMEND' &&
      event.expiresAt > event.now &&
      (context.lastSentAt === null || event.now - context.lastSentAt >= EXPOSURE_RESEND_SPACING_MS),
    isClientPhone: ({ context, event }) => event.type === 'VERIFY' && event.phone === context.clientPhone,
    maySign: ({ context, event }) =>
      event.type === 'SIGN' &&
      context.verifiedPhone !== null &&
      event.phone === context.verifiedPhone &&
      event.order.client.phone === context.verifiedPhone &&
      event.consent === true &&
      event.typedName.trim() !== '' &&
      validateBrokerageOrder(event.order).length === 0,
  },
  actions: {
    recordSend: assign(({ context, event }) =>
      event.type === 'SEND' || event.type === 'RESEND'
        ? { sends: context.sends + 1, lastSentAt: event.now, expiresAt: event.expiresAt, verifiedPhone: null }
        : {},
    ),
    recordAmendment: assign(({ event }) =>
      event.type === 'AMEND'
        ? { sends: 1, lastSentAt: event.now, expiresAt: event.expiresAt, verifiedPhone: null }
        : {},
    ),
    recordVerifiedPhone: assign({
      verifiedPhone: ({ event }) => (event.type === 'VERIFY' ? event.phone : null),
    }),
  },
}).createMachine({
  id: 'exposureRequest',
  description:
    'A request that a client sign a brokerage order before seeing properties: sent by SMS, opened, the phone verified, then signed, declined, expired or revoked; amended into a new version until revoked.',
  meta: {
    he: 'בקשה שהלקוח יחתום על הזמנת תיווך לפני שיראה נכסים: נשלחת ב-SMS, נפתחת, הטלפון מאומת, ואז נחתמת, נדחית, פוקעת או מבוטלת; עד שבוטלה אפשר לתקן אותה לגרסה חדשה.',
  },
  initial: 'draft',
  context: ({ input }) => ({
    clientPhone: input.clientPhone,
    expiresAt: 0,
    sends: 0,
    lastSentAt: null,
    verifiedPhone: null,
  }),
  states: {
    draft: {
      description: 'The broker filled in the request; nothing was sent to the client yet.',
      meta: { he: 'המתווך מילא את הבקשה; עדיין לא נשלח דבר ללקוח.' },
      on: {
        SEND: {
          target: 'sent',
          actions: 'recordSend',
          description: 'The SMS with the link goes to the client’s phone.',
          meta: { he: 'הודעת SMS עם הקישור נשלחת לטלפון של הלקוח.' },
        },
        REVOKE: revoke,
      },
    },
    sent: {
      description: 'The client has the link and has not opened it.',
      meta: { he: 'הקישור אצל הלקוח, והוא עדיין לא פתח אותו.' },
      on: {
        OPEN: [
          clientEventIsLate,
          {
            target: 'opened',
            description: 'The client opens the link in time; the page asks for the phone first.',
            meta: { he: 'הלקוח פותח את הקישור בזמן; הדף מבקש קודם את הטלפון.' },
          },
        ],
        ...whileTheLinkIsOut,
      },
    },
    opened: {
      description: 'The client opened the link; nothing of the request is shown before the code is verified.',
      meta: { he: 'הלקוח פתח את הקישור; דבר מהבקשה אינו מוצג לפני אימות הקוד.' },
      on: {
        VERIFY: [
          clientEventIsLate,
          {
            ...clientPhoneVerified,
            description: 'A code sent to the phone the broker named was verified.',
            meta: { he: 'אומת קוד שנשלח לטלפון שהמתווך ציין.' },
          },
        ],
        DECLINE: [
          clientEventIsLate,
          {
            target: 'declined',
            description: 'The client refuses the request.',
            meta: { he: 'הלקוח דוחה את הבקשה.' },
          },
        ],
        ...whileTheLinkIsOut,
      },
    },
    verified: {
      description: 'The phone is proved; the client reads the order and may sign it.',
      meta: { he: 'הטלפון אומת; הלקוח קורא את ההזמנה ויכול לחתום עליה.' },
      on: {
        VERIFY: [
          clientEventIsLate,
          {
            ...clientPhoneVerified,
            description: 'The client verifies again, on another device: that device now holds the request.',
            meta: { he: 'הלקוח מאמת שוב, במכשיר אחר: הבקשה עוברת למכשיר הזה.' },
          },
        ],
        SIGN: [
          clientEventIsLate,
          {
            guard: 'maySign',
            target: 'signed',
            description:
              'The verified phone signs with explicit consent, a typed full name and an order holding every required detail.',
            meta: {
              he: 'הטלפון המאומת חותם בהסכמה מפורשת, בשם מלא מוקלד ועל הזמנה שיש בה כל הפרטים הנדרשים.',
            },
          },
        ],
        DECLINE: [
          clientEventIsLate,
          {
            target: 'declined',
            description: 'The client refuses to sign.',
            meta: { he: 'הלקוח מסרב לחתום.' },
          },
        ],
        ...whileTheLinkIsOut,
      },
    },
    signed: {
      description:
        'The client signed; the order is kept as signed and the properties are revealed to the client. Only an amendment follows.',
      meta: { he: 'הלקוח חתם; ההזמנה נשמרת כפי שנחתמה והנכסים נחשפים ללקוח. רק תיקון יכול לבוא אחרי זה.' },
      on: { AMEND: amend },
    },
    declined: {
      description: 'The client refused; the link shows nothing more. Only an amendment follows.',
      meta: { he: 'הלקוח סירב; הקישור אינו מציג דבר נוסף. רק תיקון יכול לבוא אחרי זה.' },
      on: { AMEND: amend },
    },
    expired: {
      description: 'The link’s time ran out before a signature. Only an amendment follows.',
      meta: { he: 'תוקף הקישור פג לפני חתימה. רק תיקון יכול לבוא אחרי זה.' },
      on: { AMEND: amend },
    },
    revoked: {
      type: 'final',
      description: 'The broker withdrew the request.',
      meta: { he: 'המתווך ביטל את הבקשה.' },
    },
  },
});

export type ExposureRequestMachine = typeof exposureRequestMachine;
