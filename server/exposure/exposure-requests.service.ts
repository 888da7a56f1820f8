import { missingBrokerProfileFields, normalizeBrokerProfile } from '@domain/broker-profile';
import { type BrokerageOrderTerms, type OrderFee, validateOrderTerms } from '@domain/brokerage-order';
import { EXPOSURE_RESEND_SPACING_MS } from '@domain/exposure-resend';
import { formatArea } from '@domain/format';
import { type ListingNamed, listingWord } from '@domain/listing-name';
import { parseE164, validateE164 } from '@domain/phone';
import { type WholeAreaValues, wholeAreaOf } from '@domain/property-areas';
import {
  type ExposureRequestEvent,
  type ExposureStatus,
  exposureRequestMachine,
} from '@machines/exposure-request/exposure-request.machine';
import type { ExposureAmendmentInput, ExposureRequest, ExposureRequestInput } from '@openapi/schema';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { transition } from 'xstate';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import {
  type ExposureRequestRow,
  exposureRequestProperties,
  exposureRequests,
  type SignedOrderRow,
  signedOrders,
  users,
} from '../db/schema';
import { AppError } from '../http/app-error';
import type { Language } from '../http/error-messages';
import { countTodaysSend } from '../repositories/otp-sessions.repository';
import { findOwnedProperty } from '../repositories/property.repository';
import { shareLabels } from '../sharing/share-page-copy';
import { hashShareToken, newShareToken } from '../sharing/share-token';
import type { SmsProvider } from '../sms/sms-provider';
import { exposureSmsText } from './exposure-sms';

/** A new request's input, or an amendment's with the client the request already names. */
type OrderTermsInput = Pick<
  ExposureRequestInput,
  'clientName' | 'dealType' | 'properties' | 'fee' | 'feeIncludesVat' | 'exclusivity'
> & { clientPhone?: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const OPEN_STATUSES: readonly ExposureStatus[] = ['sent', 'opened', 'verified'];

export interface ExposureRequestsServiceDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  smsCountries: readonly string[];
  smsDailyLimit: number;
}

/** The client's page for a token; `origin` is where the broker's request came in. */
export function exposureUrl(origin: string, token: string): string {
  return `${origin}/e/${token}`;
}

/** The stored row as the machine's snapshot: the status is its state, four columns its context. */
export function snapshotOf(row: ExposureRequestRow) {
  return exposureRequestMachine.resolveState({
    value: row.status as ExposureStatus,
    context: {
      clientPhone: row.clientPhone,
      expiresAt: row.expiresAt?.getTime() ?? 0,
      sends: row.sends,
      lastSentAt: row.lastSentAt?.getTime() ?? null,
      verifiedPhone: row.verifiedPhone,
    },
  });
}

/**
 * Applies one event through the machine (the only way a status changes) and answers the columns to
 * store, or null when the machine refused it (a guard said no, or the state does not take it).
 */
export function applyExposureEvent(
  row: ExposureRequestRow,
  event: ExposureRequestEvent,
  at: Date,
): Partial<ExposureRequestRow> | null {
  const before = snapshotOf(row);
  const [after] = transition(exposureRequestMachine, before, event);
  if (after.value === before.value && after.context === before.context) return null;
  const status = after.value as ExposureStatus;
  const changes: Partial<ExposureRequestRow> = {
    status,
    sends: after.context.sends,
    lastSentAt: after.context.lastSentAt === null ? null : new Date(after.context.lastSentAt),
    expiresAt: after.context.expiresAt ? new Date(after.context.expiresAt) : null,
    verifiedPhone: after.context.verifiedPhone,
    updatedAt: at,
  };
  // A new verification restamps: the viewer proof of the device verified before stops working.
  if (status !== before.value || event.type === 'VERIFY') {
    const stamp = {
      sent: 'sentAt',
      opened: 'openedAt',
      verified: 'verifiedAt',
      signed: 'signedAt',
      declined: 'declinedAt',
      revoked: 'revokedAt',
    } as const;
    const column = stamp[status as keyof typeof stamp];
    if (column) changes[column] = at;
  }
  return changes;
}

function termsOf(row: ExposureRequestRow): BrokerageOrderTerms {
  return row.terms as BrokerageOrderTerms;
}

function toApi(row: ExposureRequestRow, signed: SignedOrderRow | null): ExposureRequest {
  const terms = termsOf(row);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    status: row.status as ExposureStatus,
    clientName: row.clientName,
    clientPhone: row.clientPhone,
    dealType: terms.dealType,
    properties: terms.properties,
    fee: terms.fee as OrderFee,
    feeIncludesVat: terms.feeIncludesVat,
    exclusivity: terms.exclusivity,
    language: row.language as Language,
    orderVersion: row.orderVersion,
    expiresAt: iso(row.expiresAt),
    sends: row.sends,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    openedAt: iso(row.openedAt),
    verifiedAt: iso(row.verifiedAt),
    signedAt: iso(row.signedAt),
    declinedAt: iso(row.declinedAt),
    revokedAt: iso(row.revokedAt),
    signedOrder: signed
      ? {
          version: signed.version,
          content: signed.content,
          sha256: signed.contentSha256,
          signedAt: signed.signedAt.toISOString(),
          signedName: signed.signedName,
          verifiedPhone: signed.verifiedPhone,
        }
      : null,
  };
}

/** What the order says of a property before it is revealed: kind, size and city, never the street. */
function describeProperty(property: WholeAreaValues & ListingNamed<'what' | 'where'>) {
  const { option } = shareLabels('he');
  return [
    listingWord(property, 'what', option),
    formatArea(wholeAreaOf(property), 'he'),
    listingWord(property, 'where', option),
  ]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

/**
 * Exposure requests, always handled as their owner's: another broker's request is not found (404),
 * like one that does not exist. Every status change goes through the machine (`applyExposureEvent`).
 */
export function createExposureRequestsService({
  db,
  clock,
  sms,
  smsCountries,
  smsDailyLimit,
}: ExposureRequestsServiceDeps) {
  async function findOwned(ownerId: string, id: string): Promise<ExposureRequestRow> {
    const [row] = await db
      .select()
      .from(exposureRequests)
      .where(and(eq(exposureRequests.id, id), eq(exposureRequests.ownerId, ownerId)));
    if (!row) throw new AppError(404, 'not_found');
    return expireIfDue(row);
  }

  /** A link past its time makes the request expired the first time anyone looks. */
  async function expireIfDue(row: ExposureRequestRow): Promise<ExposureRequestRow> {
    if (!OPEN_STATUSES.includes(row.status as ExposureStatus)) return row;
    const changes = applyExposureEvent(row, { type: 'EXPIRE', now: clock.now().getTime() }, clock.now());
    return changes ? store(row, changes) : row;
  }

  async function store(row: ExposureRequestRow, changes: Partial<ExposureRequestRow>) {
    const [updated] = await db
      .update(exposureRequests)
      .set(changes)
      .where(and(eq(exposureRequests.id, row.id), eq(exposureRequests.status, row.status)))
      .returning();
    // Someone else changed it meanwhile (the client signing as the broker revokes): their change stands.
    if (!updated) throw new AppError(409, 'conflict');
    return updated;
  }

  /** One more SMS today, counted with the sign-in codes': past the day's limit the link is not sent. */
  async function countSmsToday(tx: Db, now: Date): Promise<void> {
    if ((await countTodaysSend(tx, now)) > smsDailyLimit) {
      throw new AppError(429, 'otp_daily_limit', { headers: { 'Retry-After': '3600' } });
    }
  }

  /** The latest signed version: once a version is signed, it is shown until a later one is (amendments). */
  async function signedOf(row: ExposureRequestRow): Promise<SignedOrderRow | null> {
    return row.signedAt === null ? null : latestSignedOrder(db, row.id);
  }

  /**
   * Sends a new link through the machine (SEND from a draft, RESEND after): a new token, its hash
   * stored, the old one forgotten, then the SMS. A refusal by the machine is the resend limits.
   */
  async function sendLink(row: ExposureRequestRow, origin: string): Promise<ExposureRequestRow> {
    const now = clock.now();
    const expiresAt = now.getTime() + row.linkDays * DAY_MS;
    const type = row.status === 'draft' ? 'SEND' : 'RESEND';
    const changes = applyExposureEvent(row, { type, now: now.getTime(), expiresAt }, now);
    if (!changes) {
      if (!OPEN_STATUSES.includes(row.status as ExposureStatus) && row.status !== 'draft') {
        throw new AppError(409, 'exposure_request_closed');
      }
      const nextAt = (row.lastSentAt?.getTime() ?? 0) + EXPOSURE_RESEND_SPACING_MS;
      const headers =
        nextAt > now.getTime()
          ? { 'Retry-After': String(Math.ceil((nextAt - now.getTime()) / 1000)) }
          : undefined;
      throw new AppError(429, 'exposure_resend_limit', headers ? { headers } : {});
    }
    const token = newShareToken();
    const updated = await db.transaction(async (tx) => {
      await countSmsToday(tx, now);
      const [next] = await tx
        .update(exposureRequests)
        .set({ ...changes, tokenHash: hashShareToken(token) })
        .where(and(eq(exposureRequests.id, row.id), eq(exposureRequests.status, row.status)))
        .returning();
      if (!next) throw new AppError(409, 'conflict');
      return next;
    });
    const [broker] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, row.ownerId));
    try {
      await sms.send({
        phoneNumber: row.clientPhone,
        message: exposureSmsText({
          brokerName: `${broker?.firstName ?? ''} ${broker?.lastName ?? ''}`.trim(),
          url: exposureUrl(origin, token),
          expiresAt: new Date(expiresAt),
          language: row.language as Language,
        }),
        code: '',
      });
    } catch (error) {
      // Nobody received this link: it must not work, and the request says it was not sent.
      await db
        .update(exposureRequests)
        .set({
          status: row.status,
          tokenHash: row.tokenHash,
          sends: row.sends,
          lastSentAt: row.lastSentAt,
          expiresAt: row.expiresAt,
          verifiedPhone: row.verifiedPhone,
          sentAt: row.sentAt,
        })
        .where(eq(exposureRequests.id, row.id));
      throw new AppError(503, 'sms_delivery_failed', { cause: error });
    }
    return updated;
  }

  /**
   * The order's terms from what the broker sent, checked by the domain's one rule: the broker's details
   * from the profile as it is now (409 when incomplete), each property the broker's own (404 otherwise)
   * described without its street. Shared by a new request and an amended version.
   */
  async function orderTermsOf(
    ownerId: string,
    input: OrderTermsInput,
  ): Promise<{ terms: BrokerageOrderTerms; ids: string[] }> {
    const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
    if (!owner) throw new AppError(404, 'not_found');
    const profile = normalizeBrokerProfile({
      licenceNumber: owner.brokerLicenceNumber,
      idNumber: owner.idNumber,
      businessAddress: owner.businessAddress,
    });
    const missing = missingBrokerProfileFields(profile);
    if (missing.length > 0) {
      throw new AppError(409, 'broker_profile_incomplete', {
        details: missing.map((field) => ({ path: `profile/${field}`, message: 'profile.errors.required' })),
      });
    }
    if (input.clientPhone !== undefined) {
      const phoneError = validateE164(input.clientPhone);
      const country = parseE164(input.clientPhone)?.country;
      if (phoneError || !country || !smsCountries.includes(country)) {
        throw new AppError(400, phoneError ? 'validation_failed' : 'sms_country_not_supported', {
          details: [
            { path: 'body/clientPhone', message: `authCommon.${phoneError ?? 'invalidPhoneNumber'}` },
          ],
        });
      }
    }
    const ids = input.properties.map((item) => item.propertyId);
    if (new Set(ids).size !== ids.length) {
      throw new AppError(400, 'validation_failed', {
        details: [{ path: 'body/properties', message: 'exposure.errors.duplicateProperty' }],
      });
    }
    const orderProperties = [];
    for (const item of input.properties) {
      const property = await findOwnedProperty(db, ownerId, item.propertyId);
      if (!property) throw new AppError(404, 'not_found');
      orderProperties.push({
        propertyId: property.id,
        description: describeProperty(property),
        approximatePrice: item.approximatePrice,
      });
    }
    const terms: BrokerageOrderTerms = {
      broker: {
        fullName: `${owner.firstName} ${owner.lastName}`,
        idNumber: profile.idNumber ?? '',
        address: profile.businessAddress ?? '',
        licenceNumber: profile.licenceNumber ?? '',
      },
      clientName: input.clientName.replace(/\s+/g, ' ').trim(),
      dealType: input.dealType,
      properties: orderProperties,
      fee: input.fee,
      feeIncludesVat: input.feeIncludesVat,
      exclusivity: input.exclusivity ?? null,
    };
    const issues = validateOrderTerms(terms);
    if (issues.length > 0) {
      throw new AppError(400, 'validation_failed', {
        details: issues.map((issue) => ({
          path: `body/${issue.field.replaceAll('.', '/')}`,
          message: `exposure.errors.${issue.error}`,
        })),
      });
    }
    return { terms, ids };
  }

  return {
    async create(ownerId: string, input: ExposureRequestInput, origin: string): Promise<ExposureRequest> {
      const { terms, ids } = await orderTermsOf(ownerId, input);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(exposureRequests)
          .values({
            ownerId,
            clientName: terms.clientName,
            clientPhone: input.clientPhone,
            terms,
            language: input.language ?? 'he',
            linkDays: input.linkDays ?? 14,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!inserted) throw new Error('exposure request insert returned nothing');
        await tx
          .insert(exposureRequestProperties)
          .values(ids.map((propertyId, position) => ({ requestId: inserted.id, propertyId, position })));
        return inserted;
      });
      try {
        return toApi(await sendLink(row, origin), null);
      } catch (error) {
        // The request is kept as a draft; `resend` sends it. Limits and closed states cannot apply to a new draft.
        if (error instanceof AppError && error.code === 'sms_delivery_failed') return toApi(row, null);
        throw error;
      }
    },

    async list(ownerId: string, status?: ExposureStatus): Promise<ExposureRequest[]> {
      const rows = await db
        .select()
        .from(exposureRequests)
        .where(eq(exposureRequests.ownerId, ownerId))
        .orderBy(desc(exposureRequests.createdAt), asc(exposureRequests.id));
      const current = await Promise.all(rows.map(expireIfDue));
      const signedRows = await signedOfMany(
        current.filter((row) => row.signedAt !== null).map((row) => row.id),
      );
      return current
        .filter((row) => !status || row.status === status)
        .map((row) => toApi(row, signedRows.get(row.id) ?? null));
    },

    /**
     * The overview card: all of the broker's requests, and the orders signed after the broker last
     * opened /exposure-requests (every signed one before the first visit). One row, two counts.
     */
    async overview(ownerId: string): Promise<{ total: number; signedSinceSeen: number }> {
      const [owner] = await db
        .select({ seenAt: users.exposureRequestsSeenAt })
        .from(users)
        .where(eq(users.id, ownerId));
      const seenAt = owner?.seenAt ?? null;
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          signedSinceSeen: seenAt
            ? sql<number>`(count(*) filter (where ${exposureRequests.signedAt} > ${seenAt.toISOString()}::timestamptz))::int`
            : sql<number>`(count(*) filter (where ${exposureRequests.signedAt} is not null))::int`,
        })
        .from(exposureRequests)
        .where(eq(exposureRequests.ownerId, ownerId));
      return { total: row?.total ?? 0, signedSinceSeen: row?.signedSinceSeen ?? 0 };
    },

    async markSeen(ownerId: string): Promise<void> {
      await db.update(users).set({ exposureRequestsSeenAt: clock.now() }).where(eq(users.id, ownerId));
    },

    async get(ownerId: string, id: string): Promise<ExposureRequest> {
      const row = await findOwned(ownerId, id);
      return toApi(row, await signedOf(row));
    },

    async revoke(ownerId: string, id: string): Promise<ExposureRequest> {
      const row = await findOwned(ownerId, id);
      const changes = applyExposureEvent(row, { type: 'REVOKE' }, clock.now());
      if (!changes) throw new AppError(409, 'exposure_request_closed');
      const revoked = await store(row, changes);
      return toApi(revoked, await signedOf(revoked));
    },

    async resend(ownerId: string, id: string, origin: string): Promise<ExposureRequest> {
      const row = await findOwned(ownerId, id);
      const sent = await sendLink(row, origin);
      return toApi(sent, await signedOf(sent));
    },

    /**
     * The order's next version (issue 23): new terms on the same request and client, through the
     * machine's AMEND, a new link by SMS that replaces the old one. Signed versions stay in
     * signed_orders untouched; what they engage changes only when the client signs the new version.
     * When the SMS cannot be sent, the request is put back as it was (503): nobody got the new link.
     */
    async amend(
      ownerId: string,
      id: string,
      input: ExposureAmendmentInput,
      origin: string,
    ): Promise<ExposureRequest> {
      const row = await findOwned(ownerId, id);
      const now = clock.now();
      const linkDays = input.linkDays ?? row.linkDays;
      const event = {
        type: 'AMEND',
        now: now.getTime(),
        expiresAt: now.getTime() + linkDays * DAY_MS,
      } as const;
      const changes = applyExposureEvent(row, event, now);
      if (!changes) {
        if (row.status === 'draft' || row.status === 'revoked') {
          throw new AppError(409, 'exposure_request_not_amendable');
        }
        const wait = (row.lastSentAt?.getTime() ?? 0) + EXPOSURE_RESEND_SPACING_MS - now.getTime();
        throw new AppError(429, 'exposure_resend_limit', {
          headers: { 'Retry-After': String(Math.max(1, Math.ceil(wait / 1000))) },
        });
      }
      const { terms } = await orderTermsOf(ownerId, { ...input, clientName: row.clientName });
      const previousProperties = await db
        .select()
        .from(exposureRequestProperties)
        .where(eq(exposureRequestProperties.requestId, row.id));
      const token = newShareToken();
      const amended = await db.transaction(async (tx) => {
        await countSmsToday(tx, now);
        const [next] = await tx
          .update(exposureRequests)
          .set({
            ...changes,
            terms,
            orderVersion: row.orderVersion + 1,
            linkDays,
            tokenHash: hashShareToken(token),
            // The steps of the version before; its signature, if any, keeps signedAt.
            sentAt: now,
            openedAt: null,
            verifiedAt: null,
            declinedAt: null,
          })
          .where(
            and(
              eq(exposureRequests.id, row.id),
              eq(exposureRequests.status, row.status),
              eq(exposureRequests.orderVersion, row.orderVersion),
            ),
          )
          .returning();
        if (!next) throw new AppError(409, 'conflict');
        await tx.delete(exposureRequestProperties).where(eq(exposureRequestProperties.requestId, row.id));
        await tx.insert(exposureRequestProperties).values(
          terms.properties.map((property, position) => ({
            requestId: row.id,
            propertyId: property.propertyId,
            position,
          })),
        );
        return next;
      });
      try {
        await sms.send({
          phoneNumber: row.clientPhone,
          message: exposureSmsText({
            brokerName: terms.broker.fullName,
            url: exposureUrl(origin, token),
            expiresAt: new Date(event.expiresAt),
            language: row.language as Language,
          }),
          code: '',
        });
      } catch (error) {
        await db.transaction(async (tx) => {
          const { id: _id, ...previous } = row;
          await tx.update(exposureRequests).set(previous).where(eq(exposureRequests.id, row.id));
          await tx.delete(exposureRequestProperties).where(eq(exposureRequestProperties.requestId, row.id));
          if (previousProperties.length > 0)
            await tx.insert(exposureRequestProperties).values(previousProperties);
        });
        throw new AppError(503, 'sms_delivery_failed', { cause: error });
      }
      return toApi(amended, await signedOf(amended));
    },
  };

  async function signedOfMany(requestIds: string[]): Promise<Map<string, SignedOrderRow>> {
    if (requestIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(signedOrders)
      .where(inArray(signedOrders.requestId, requestIds))
      .orderBy(asc(signedOrders.version));
    return new Map(rows.map((row) => [row.requestId, row]));
  }
}

export type ExposureRequestsService = ReturnType<typeof createExposureRequestsService>;

/** The newest signed version of a request's order, if any: an amendment signs a new version beside it. */
export async function latestSignedOrder(db: Db, requestId: string): Promise<SignedOrderRow | null> {
  const [signed] = await db
    .select()
    .from(signedOrders)
    .where(eq(signedOrders.requestId, requestId))
    .orderBy(desc(signedOrders.version))
    .limit(1);
  return signed ?? null;
}
