import type { FastifyRequest } from 'fastify';
import type { SettableClock } from '../clock';
import { AppError } from '../http/app-error';
import { listSmsOutboxEntries } from '../repositories/sms-outbox.repository';
import { defineHandlers } from './types';

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 spelling. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The outbox hands out sign-in codes, so it is for the developer at this machine only: the
 * connection must come from loopback and, behind a trusted proxy, the forwarded client too.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

/**
 * Dev-only tools. Outside development with the dev SMS provider (the outbox) or the settable clock
 * (the clock), and to anyone not on this machine, they answer 404 before anything else (even before
 * validating the query or body), as if the route did not exist; the handler checks again in case the
 * hook is ever lost.
 */
export const devHandlers = defineHandlers(({ config, db, settableClock }) => {
  const hideUnlessLocalDev = async (request: FastifyRequest) => {
    if (config.isProduction || config.smsProvider !== 'dev' || !fromThisMachine(request)) {
      throw new AppError(404, 'not_found');
    }
  };
  /** The clock's forward control, to this machine only, when SETTABLE_CLOCK=on; 404 otherwise. */
  const settableClockFor = (request: FastifyRequest): SettableClock => {
    if (config.isProduction || !settableClock || !fromThisMachine(request)) {
      throw new AppError(404, 'not_found');
    }
    return settableClock;
  };
  return {
    moveDevClock: {
      options: {
        onRequest: async (request) => {
          settableClockFor(request);
        },
      },
      async handler(request) {
        const now = settableClockFor(request).moveTo(new Date(request.body.to));
        return { success: true, data: { now: now.toISOString() } };
      },
    },
    listSmsOutbox: {
      options: { onRequest: hideUnlessLocalDev },
      async handler(request) {
        await hideUnlessLocalDev(request);
        const entries = await listSmsOutboxEntries(db, request.query.phone);
        return {
          success: true,
          data: entries.map((entry) => ({ ...entry, sentAt: entry.sentAt.toISOString() })),
        };
      },
    },
  };
});
