/**
 * The refusals the server relies on: it rebuilds the stored request's snapshot, applies the event with
 * xstate's pure `transition`, and stores the result only when the status or context changed.
 */
import { EXPOSURE_MAX_SENDS, EXPOSURE_RESEND_SPACING_MS } from '@domain/exposure-resend';
import {
  EXPOSURE_STATUSES,
  type ExposureRequestContext,
  type ExposureRequestEvent,
  type ExposureStatus,
  exposureRequestMachine,
} from '@machines/exposure-request/exposure-request.machine';
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import {
  CLIENT_PHONE,
  IN_TIME,
  LINK_EXPIRES_AT,
  OTHER_PHONE,
  SENT_AT,
  signedOrder,
  TOO_LATE,
} from './fixtures/exposure-requests';

function stored(status: ExposureStatus, context: Partial<ExposureRequestContext> = {}) {
  return exposureRequestMachine.resolveState({
    value: status,
    context: {
      clientPhone: CLIENT_PHONE,
      expiresAt: LINK_EXPIRES_AT,
      sends: 1,
      lastSentAt: SENT_AT,
      verifiedPhone: status === 'verified' ? CLIENT_PHONE : null,
      ...context,
    },
  });
}

function apply(
  status: ExposureStatus,
  event: ExposureRequestEvent,
  context: Partial<ExposureRequestContext> = {},
) {
  const [next] = transition(exposureRequestMachine, stored(status, context), event);
  return next;
}

const sign = (
  overrides: Partial<Extract<ExposureRequestEvent, { type: 'SIGN' }>> = {},
): ExposureRequestEvent => ({
  type: 'SIGN',
  now: IN_TIME,
  phone: CLIENT_PHONE,
  consent: true,
  typedName: 'יוסי כהן',
  order: signedOrder(),
  ...overrides,
});

describe('exposure request, as the server applies it', () => {
  it('has exactly the statuses the server stores and the contract names', () => {
    expect(Object.keys(exposureRequestMachine.states)).toEqual([...EXPOSURE_STATUSES]);
  });

  it('goes from draft to signed in time', () => {
    let snapshot = exposureRequestMachine.resolveState({
      value: 'draft',
      context: { clientPhone: CLIENT_PHONE, expiresAt: 0, sends: 0, lastSentAt: null, verifiedPhone: null },
    });
    for (const event of [
      { type: 'SEND', now: SENT_AT, expiresAt: LINK_EXPIRES_AT },
      { type: 'OPEN', now: IN_TIME },
      { type: 'VERIFY', now: IN_TIME, phone: CLIENT_PHONE },
      sign(),
    ] as const) {
      [snapshot] = transition(exposureRequestMachine, snapshot, event);
    }
    expect(snapshot.value).toBe('signed');
    expect(snapshot.context).toMatchObject({
      sends: 1,
      verifiedPhone: CLIENT_PHONE,
      expiresAt: LINK_EXPIRES_AT,
    });
  });

  it('lets only the phone the broker named verify', () => {
    expect(apply('opened', { type: 'VERIFY', now: IN_TIME, phone: OTHER_PHONE }).value).toBe('opened');
    expect(apply('opened', { type: 'VERIFY', now: IN_TIME, phone: CLIENT_PHONE }).value).toBe('verified');
  });

  it('signs nothing before the phone is verified', () => {
    for (const status of ['draft', 'sent', 'opened'] as const)
      expect(apply(status, sign()).value).toBe(status);
  });

  it('refuses a signature from another phone, without consent, without a name or with an incomplete order', () => {
    expect(apply('verified', sign({ phone: OTHER_PHONE })).value).toBe('verified');
    expect(apply('verified', sign({ order: signedOrder(OTHER_PHONE) })).value).toBe('verified');
    expect(apply('verified', sign({ consent: false })).value).toBe('verified');
    expect(apply('verified', sign({ typedName: '   ' })).value).toBe('verified');
    const noClientId = { ...signedOrder(), client: { ...signedOrder().client, idNumber: '123456789' } };
    expect(apply('verified', sign({ order: noClientId })).value).toBe('verified');
    expect(apply('verified', sign()).value).toBe('signed');
  });

  it('expires instead of opening, verifying, signing or declining once the link’s time is up', () => {
    expect(apply('sent', { type: 'OPEN', now: TOO_LATE }).value).toBe('expired');
    expect(apply('opened', { type: 'VERIFY', now: TOO_LATE, phone: CLIENT_PHONE }).value).toBe('expired');
    expect(apply('verified', sign({ now: TOO_LATE })).value).toBe('expired');
    expect(apply('verified', { type: 'DECLINE', now: TOO_LATE }).value).toBe('expired');
    expect(apply('sent', { type: 'EXPIRE', now: TOO_LATE - 1 }).value).toBe('sent');
  });

  it('keeps the resend limits: spacing, at most five SMS, a fresh link that forgets the verified phone', () => {
    const soon = {
      type: 'RESEND',
      now: SENT_AT + EXPOSURE_RESEND_SPACING_MS - 1,
      expiresAt: TOO_LATE + 1,
    } as const;
    expect(apply('sent', soon).context.sends).toBe(1);
    const later = { ...soon, now: SENT_AT + EXPOSURE_RESEND_SPACING_MS };
    const resent = apply('verified', later);
    expect(resent.value).toBe('sent');
    expect(resent.context).toMatchObject({ sends: 2, verifiedPhone: null, expiresAt: TOO_LATE + 1 });
    expect(apply('sent', later, { sends: EXPOSURE_MAX_SENDS }).context.sends).toBe(EXPOSURE_MAX_SENDS);
  });

  it('changes nothing after signed, declined, expired or revoked but an amendment', () => {
    for (const status of ['signed', 'declined', 'expired', 'revoked'] as const) {
      for (const event of [
        { type: 'REVOKE' },
        { type: 'RESEND', now: IN_TIME, expiresAt: TOO_LATE },
        { type: 'OPEN', now: IN_TIME },
      ] as const) {
        expect(apply(status, event).value).toBe(status);
      }
    }
  });

  it('amends an order into a new version from sent to expired: a fresh link, its own sends, no phone', () => {
    const amend = { type: 'AMEND', now: IN_TIME, expiresAt: TOO_LATE + 1 } as const;
    for (const status of ['sent', 'opened', 'verified', 'signed', 'declined', 'expired'] as const) {
      const amended = apply(status, amend, { sends: EXPOSURE_MAX_SENDS, verifiedPhone: CLIENT_PHONE });
      expect(amended.value, status).toBe('sent');
      expect(amended.context).toMatchObject({
        sends: 1,
        lastSentAt: IN_TIME,
        expiresAt: TOO_LATE + 1,
        verifiedPhone: null,
      });
    }
  });

  it('amends neither a draft nor a revoked request, nor within a minute of the last SMS, nor with a dead link', () => {
    const amend = { type: 'AMEND', now: IN_TIME, expiresAt: TOO_LATE } as const;
    expect(apply('draft', amend).value).toBe('draft');
    expect(apply('revoked', amend).value).toBe('revoked');
    expect(apply('revoked', amend).status).toBe('done');
    const tooSoon = { ...amend, now: SENT_AT + EXPOSURE_RESEND_SPACING_MS - 1 };
    expect(apply('signed', tooSoon).value).toBe('signed');
    expect(apply('signed', { ...amend, expiresAt: IN_TIME }).value).toBe('signed');
  });
});
