import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  type BrokerageOrder,
  type BrokerageOrderTerms,
  buildBrokerageOrder,
  canonicalBrokerageOrder,
  type OrderIssue,
  validateOrderClient,
} from '@domain/brokerage-order';
import {
  KEY_FACT_FIELDS,
  type KeyFactField,
  LISTING_NAME_FIELDS,
  type ListingNameField,
  type ListingNameRole,
} from '@domain/property-fields';
import {
  type SignatureDrawingError,
  signatureDrawingBase64,
  signatureDrawingIssue,
} from '@domain/signature-drawing';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import {
  type ExposureRequestRow,
  exposureRequestProperties,
  exposureRequests,
  properties,
  type SignedOrderRow,
  shareLinks,
  signedOrders,
} from '../db/schema';
import { AppError } from '../http/app-error';
import { bumpPropertyListRevision, recordOrderEngagements } from '../repositories/engagements.repository';
import { listFilesOfProperties, type PropertyFileRow } from '../repositories/property-files.repository';
import { documentsOfLink, linkState } from '../sharing/share-links.service';
import { hashShareToken } from '../sharing/share-token';
import { applyExposureEvent, latestSignedOrder } from './exposure-requests.service';
import { brokerageOrderSha256 } from './order-hash';

/**
 * The drawn signature's PNG bytes (null: none drawn), or why the field is refused. Recorded beside
 * the signed text with its own SHA-256, so the order's fingerprint stays that of the order's text.
 */
function drawingOf(field: string): { png: Buffer | null } | { error: SignatureDrawingError } {
  const parsed = signatureDrawingBase64(field);
  if (!parsed.ok) return { error: parsed.error };
  if (parsed.base64 === null) return { png: null };
  const png = Buffer.from(parsed.base64, 'base64');
  const issue = signatureDrawingIssue(png);
  return issue ? { error: issue } : { png };
}

const VIEWER_LABEL = 'nechasim/exposure-viewer/v1';

export interface SignInput {
  fullName: string;
  idNumber: string;
  address: string;
  /** The full name typed as the signature: the page's one name field, so name and signature agree. */
  typedName: string;
  consent: boolean;
  /** The optional drawn signature as the form sent it (a PNG data URL), '' when none. */
  drawing?: string;
  ip: string;
  userAgent: string;
}

export type SignOutcome =
  | { ok: true }
  | { ok: false; issues: OrderIssue[]; drawingError?: SignatureDrawingError };

type RevealedField = ListingNameField<ListingNameRole> | KeyFactField;

/** A signed request's property: what and where it is, street included, the registry's key facts
 * (property-fields.ts) and the documents the broker shares on a live share link of the property
 * (never the others). */
export type RevealedProperty = Pick<typeof properties.$inferSelect, 'id' | RevealedField> & {
  documents: PropertyFileRow[];
};

/** The naming fields' and the key facts' columns, named as the registry names the fields. */
const REVEALED_COLUMNS = Object.fromEntries(
  [...Object.values(LISTING_NAME_FIELDS), ...KEY_FACT_FIELDS].map((field) => [field, properties[field]]),
) as { [K in RevealedField]: (typeof properties)[K] };

/**
 * The client's side of an exposure request, behind /e/{token}. The token finds the request; the
 * browser that proved the phone carries a viewer proof (an HMAC under the server secret of the
 * request, its current link and the moment of verification), so a link forwarded to someone else
 * shows nothing, and a new link (resend) or a new verification voids the old proof.
 */
export function createExposureClientService({ db, clock, secret }: { db: Db; clock: Clock; secret: string }) {
  const viewerKey = createHmac('sha256', secret).update(VIEWER_LABEL).digest();

  function viewerProof(row: ExposureRequestRow): string | null {
    if (!row.verifiedAt || !row.tokenHash) return null;
    return createHmac('sha256', viewerKey)
      .update(`${row.id}\n${row.tokenHash}\n${row.verifiedAt.toISOString()}`)
      .digest('base64url');
  }

  /**
   * Per property, the documents the broker shares with clients: what a live share link of it offers
   * (the share page's own rule, documentsOfLink and linkState), each once, in the links' order.
   */
  async function sharedDocuments(propertyIds: string[]): Promise<Map<string, PropertyFileRow[]>> {
    if (propertyIds.length === 0) return new Map();
    const links = await db
      .select({
        propertyId: shareLinks.propertyId,
        documentFileIds: shareLinks.documentFileIds,
        revokedAt: shareLinks.revokedAt,
        expiresAt: shareLinks.expiresAt,
      })
      .from(shareLinks)
      .where(inArray(shareLinks.propertyId, propertyIds))
      .orderBy(asc(shareLinks.createdAt), asc(shareLinks.id));
    const now = clock.now();
    const live = links.filter((link) => linkState(link, now) === 'active' && link.documentFileIds.length > 0);
    if (live.length === 0) return new Map();
    const files = await listFilesOfProperties(db, propertyIds);
    const shared = new Map<string, PropertyFileRow[]>();
    for (const link of live) {
      const own = files.filter((file) => file.propertyId === link.propertyId);
      const list = shared.get(link.propertyId) ?? [];
      for (const file of documentsOfLink(own, link.documentFileIds)) {
        if (!list.includes(file)) list.push(file);
      }
      shared.set(link.propertyId, list);
    }
    return shared;
  }

  async function apply(row: ExposureRequestRow, event: Parameters<typeof applyExposureEvent>[1]) {
    const changes = applyExposureEvent(row, event, clock.now());
    if (!changes) return null;
    const [updated] = await db
      .update(exposureRequests)
      .set(changes)
      .where(and(eq(exposureRequests.id, row.id), eq(exposureRequests.status, row.status)))
      .returning();
    return updated ?? null;
  }

  return {
    /** The request behind a token, expired first if its time is up; null when no request has it. */
    async findByToken(token: string): Promise<ExposureRequestRow | null> {
      const [row] = await db
        .select()
        .from(exposureRequests)
        .where(eq(exposureRequests.tokenHash, hashShareToken(token)));
      if (!row) return null;
      return (await apply(row, { type: 'EXPIRE', now: clock.now().getTime() })) ?? row;
    },

    /** Opening the link moves a sent request to opened; any other state stays as it is. */
    async open(row: ExposureRequestRow): Promise<ExposureRequestRow> {
      if (row.status !== 'sent') return row;
      return (await apply(row, { type: 'OPEN', now: clock.now().getTime() })) ?? row;
    },

    /** The code was verified for `phone`: the machine decides whether that makes the request verified. */
    async verifyPhone(row: ExposureRequestRow, phone: string): Promise<ExposureRequestRow | null> {
      return apply(row, { type: 'VERIFY', now: clock.now().getTime(), phone });
    },

    viewerProof,

    /** True when `proof` (from the browser's cookie) is this request's current viewer proof. */
    isViewer(row: ExposureRequestRow, proof: string | undefined): boolean {
      const expected = viewerProof(row);
      if (!expected || !proof) return false;
      const a = Buffer.from(expected);
      const b = Buffer.from(proof);
      return a.length === b.length && timingSafeEqual(a, b);
    },

    /** The order as it would be signed with the client's details (for the page, before signing). */
    orderOf(
      row: ExposureRequestRow,
      client: { fullName: string; idNumber: string; address: string },
    ): BrokerageOrder {
      return buildBrokerageOrder(
        row.terms as BrokerageOrderTerms,
        { ...client, phone: row.verifiedPhone ?? row.clientPhone },
        row.orderVersion,
      );
    },

    /**
     * Signs through the machine (verified phone, consent, typed name, complete order), storing the
     * canonical text and its hash with the evidence in the same transaction as the status.
     */
    async sign(row: ExposureRequestRow, input: SignInput): Promise<SignOutcome> {
      const client = { fullName: input.fullName, idNumber: input.idNumber, address: input.address };
      const issues = validateOrderClient(client);
      if (!input.consent) issues.push({ field: 'consent', error: 'required' });
      const drawing = drawingOf(input.drawing ?? '');
      if ('error' in drawing) return { ok: false, issues, drawingError: drawing.error };
      if (issues.length > 0) return { ok: false, issues };
      const order = this.orderOf(row, client);
      const now = clock.now();
      const changes = applyExposureEvent(
        row,
        {
          type: 'SIGN',
          now: now.getTime(),
          phone: row.verifiedPhone ?? '',
          consent: input.consent,
          typedName: input.typedName,
          order,
        },
        now,
      );
      if (!changes) throw new AppError(409, 'exposure_request_closed');
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(exposureRequests)
          .set(changes)
          .where(and(eq(exposureRequests.id, row.id), eq(exposureRequests.status, row.status)))
          .returning({ id: exposureRequests.id });
        if (!updated) throw new AppError(409, 'exposure_request_closed');
        await tx.insert(signedOrders).values({
          requestId: row.id,
          version: row.orderVersion,
          content: canonicalBrokerageOrder(order),
          contentSha256: brokerageOrderSha256(order),
          signedAt: now,
          signedName: input.typedName.replace(/\s+/g, ' ').trim(),
          verifiedPhone: order.client.phone,
          ip: input.ip,
          userAgent: input.userAgent.slice(0, 500),
          drawingPng: drawing.png?.toString('base64') ?? null,
          drawingSha256: drawing.png ? createHash('sha256').update(drawing.png).digest('hex') : null,
        });
        // This version's properties and exclusivity are now what the request engages (issue 23).
        await recordOrderEngagements(tx, row.id, row.terms as BrokerageOrderTerms);
        await bumpPropertyListRevision(tx, row.ownerId);
      });
      return { ok: true };
    },

    async decline(row: ExposureRequestRow): Promise<ExposureRequestRow | null> {
      return apply(row, { type: 'DECLINE', now: clock.now().getTime() });
    },

    signedOrderOf(row: ExposureRequestRow): Promise<SignedOrderRow | null> {
      return latestSignedOrder(db, row.id);
    },

    /** The properties in full, for a signed request only (the caller checks): exact address included. */
    async revealedProperties(row: ExposureRequestRow): Promise<RevealedProperty[]> {
      const revealed = await db
        .select({
          id: properties.id,
          ...REVEALED_COLUMNS,
        })
        .from(exposureRequestProperties)
        .innerJoin(properties, eq(properties.id, exposureRequestProperties.propertyId))
        .where(and(eq(exposureRequestProperties.requestId, row.id), isNull(properties.deletedAt)))
        .orderBy(asc(exposureRequestProperties.position));
      const shared = await sharedDocuments(revealed.map((property) => property.id));
      return revealed.map((property) => ({ ...property, documents: shared.get(property.id) ?? [] }));
    },
  };
}

export type ExposureClientService = ReturnType<typeof createExposureClientService>;
