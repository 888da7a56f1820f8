import { createHash } from 'node:crypto';
import type { BrokerageOrder } from '@domain/brokerage-order';
import type { FormatLanguage } from '@domain/format';
import { and, desc, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { exposureRequests, type SignedOrderRow, signedOrders } from '../db/schema';
import { AppError } from '../http/app-error';
import {
  type OrderDocument,
  renderOrderDocument,
  renderOrderDocumentUnavailable,
} from './order-document.render';
import { createOrderDocumentLinks, ORDER_DOCUMENT_LINK_SECONDS } from './order-document-link';
import { sha256Hex } from './order-hash';

export type DocumentPage = { status: 200 | 404 | 410; html: string };

/** The document of a stored signature: its text parsed as signed, its hash checked again. */
export function orderDocumentOf(signed: SignedOrderRow): OrderDocument {
  return {
    order: JSON.parse(signed.content) as BrokerageOrder,
    signed,
    hashMatches: sha256Hex(signed.content) === signed.contentSha256,
    drawingMatches:
      signed.drawingPng === null ||
      createHash('sha256').update(Buffer.from(signed.drawingPng, 'base64')).digest('hex') ===
        signed.drawingSha256,
  };
}

/**
 * The signed order as a document the broker keeps (issue 23). The API gives the request's owner a
 * short-lived signed address (order-document-link.ts); the page at that address renders the stored
 * signed text of that version, so nothing of today's property or profile can enter it.
 */
export function createOrderDocumentService({ db, clock, secret }: { db: Db; clock: Clock; secret: string }) {
  const links = createOrderDocumentLinks(secret);

  async function signedVersion(requestId: string, version?: number): Promise<SignedOrderRow | null> {
    const [signed] = await db
      .select()
      .from(signedOrders)
      .where(
        version === undefined
          ? eq(signedOrders.requestId, requestId)
          : and(eq(signedOrders.requestId, requestId), eq(signedOrders.version, version)),
      )
      .orderBy(desc(signedOrders.version))
      .limit(1);
    return signed ?? null;
  }

  return {
    /** A fresh address of the latest signed order, for its owner only; 409 before anything is signed. */
    async linkFor(ownerId: string, requestId: string, origin: string, language: FormatLanguage) {
      const [row] = await db
        .select({ id: exposureRequests.id })
        .from(exposureRequests)
        .where(and(eq(exposureRequests.id, requestId), eq(exposureRequests.ownerId, ownerId)));
      if (!row) throw new AppError(404, 'not_found');
      const signed = await signedVersion(requestId);
      if (!signed) throw new AppError(409, 'exposure_request_not_signed');
      const until = Math.floor(clock.now().getTime() / 1000) + ORDER_DOCUMENT_LINK_SECONDS;
      const grant = { requestId, version: signed.version, until };
      return {
        url: `${origin}${links.pathFor(grant, ownerId, language)}`,
        expiresAt: new Date(until * 1000).toISOString(),
        version: signed.version,
      };
    },

    /**
     * The page behind an address: 404 for a malformed or tampered one (nothing says which part is
     * wrong), 410 for a genuine one past its time, else the document.
     */
    async pageFor(
      requestId: string,
      query: { v?: string; until?: string; sig?: string },
      language: FormatLanguage,
    ): Promise<DocumentPage> {
      const notFound = { status: 404, html: renderOrderDocumentUnavailable(language, 'notFound') } as const;
      const claim = links.parse(requestId, query);
      if (!claim) return notFound;
      const [row] = await db
        .select({ ownerId: exposureRequests.ownerId })
        .from(exposureRequests)
        .where(eq(exposureRequests.id, requestId));
      if (!row || !links.verify(claim.grant, row.ownerId, claim.signature)) return notFound;
      if (claim.grant.until * 1000 <= clock.now().getTime()) {
        return { status: 410, html: renderOrderDocumentUnavailable(language, 'expired') };
      }
      const signed = await signedVersion(requestId, claim.grant.version);
      if (!signed) return notFound;
      return { status: 200, html: renderOrderDocument(language, orderDocumentOf(signed)) };
    },
  };
}

export type OrderDocumentService = ReturnType<typeof createOrderDocumentService>;
