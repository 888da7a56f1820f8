/**
 * The model walk of the exposure-request machine: sent, opened, verified and signed in time; declined,
 * revoked, resent or amended on the way; and every client event arriving after the link expired. The server
 * applies the same events with `transition` (tests/machines/exposure-request.machine.test.ts shows the
 * refusals); `npm run test:paths` replays these for the coverage report.
 */
import {
  type ExposureRequestContext,
  exposureRequestMachine,
} from '@machines/exposure-request/exposure-request.machine';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import {
  CLIENT_PHONE,
  IN_TIME,
  LINK_EXPIRES_AT,
  OTHER_PHONE,
  SENT_AT,
  signedOrder,
  TOO_LATE,
} from '../fixtures/exposure-requests';
import type { PathReplay } from '../harness/walk-machine';
import { planMachineWalk } from '../harness/walk-machine';

/** A resend two minutes after the first SMS: past the spacing, with a fresh 14 days. */
const RESENT_AT = SENT_AT + 2 * 60 * 1000;
/** An amendment three hours after the first SMS, after the client had time to sign, decline or not. */
const AMENDED_AT = SENT_AT + 3 * 60 * 60 * 1000;

function describeEvent(event: AnyEventObject): string {
  const late = 'now' in event && event.now >= TOO_LATE ? ' (late)' : '';
  if (event.type === 'VERIFY')
    return `VERIFY(${event.phone === CLIENT_PHONE ? 'client phone' : 'other phone'})${late}`;
  return `${event.type}${late}`;
}

export function planExposureRequestWalks() {
  const walk = planMachineWalk({
    machine: exposureRequestMachine,
    input: { clientPhone: CLIENT_PHONE },
    events: {
      SEND: [{ type: 'SEND', now: SENT_AT, expiresAt: LINK_EXPIRES_AT }],
      RESEND: [{ type: 'RESEND', now: RESENT_AT, expiresAt: LINK_EXPIRES_AT }],
      OPEN: [
        { type: 'OPEN', now: IN_TIME },
        { type: 'OPEN', now: TOO_LATE },
      ],
      VERIFY: [
        { type: 'VERIFY', now: IN_TIME, phone: CLIENT_PHONE },
        { type: 'VERIFY', now: IN_TIME, phone: OTHER_PHONE },
        { type: 'VERIFY', now: TOO_LATE, phone: CLIENT_PHONE },
      ],
      SIGN: [
        {
          type: 'SIGN',
          now: IN_TIME,
          phone: CLIENT_PHONE,
          consent: true,
          typedName: 'יוסי כהן',
          order: signedOrder(),
        },
        {
          type: 'SIGN',
          now: TOO_LATE,
          phone: CLIENT_PHONE,
          consent: true,
          typedName: 'יוסי כהן',
          order: signedOrder(),
        },
      ],
      DECLINE: [
        { type: 'DECLINE', now: IN_TIME },
        { type: 'DECLINE', now: TOO_LATE },
      ],
      REVOKE: [{ type: 'REVOKE' }],
      AMEND: [{ type: 'AMEND', now: AMENDED_AT, expiresAt: LINK_EXPIRES_AT }],
      EXPIRE: [{ type: 'EXPIRE', now: TOO_LATE }],
    },
    contextThatMatters: (context: ExposureRequestContext) => context,
    // Keyed by the state and whether the order was amended: the phone verified follows from the state,
    // and how many SMS went out only matters to the resend limits, which the machine test holds.
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.lastSentAt === AMENDED_AT]),
    describeEvent,
  });
  return [
    {
      name: 'from the broker’s draft to signed, declined, expired or revoked, amended on the way',
      walk,
      check: (replay: PathReplay<typeof exposureRequestMachine>) => expectOnlyTheClientSigns(replay),
    },
  ] as const;
}

/** Every path: a signed request was verified by the client's own phone, and no other phone ever was. */
export function expectOnlyTheClientSigns(replay: PathReplay<typeof exposureRequestMachine>) {
  const { value, context } = replay.finalSnapshot;
  if (value === 'signed' || value === 'verified') expect(context.verifiedPhone).toBe(CLIENT_PHONE);
  expect([null, CLIENT_PHONE]).toContain(context.verifiedPhone);
  // A resend or an amendment replaces the link: the phone proved on the old one no longer counts.
  if (value === 'sent') expect(context.verifiedPhone).toBeNull();
}
