import { createHmac, timingSafeEqual } from 'node:crypto';

const LINK_LABEL = 'nechasim/signed-order-document/v1';
/** Long enough to open the page and print it; a saved PDF needs no second request. */
export const ORDER_DOCUMENT_LINK_SECONDS = 10 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export interface OrderDocumentGrant {
  requestId: string;
  version: number;
  /** Unix seconds after which the address no longer opens the document. */
  until: number;
}

/**
 * The broker's address of a signed order's printable page. The app holds a bearer token, not a
 * cookie, so a new tab cannot prove who it is: the API mints this address for the request's owner
 * only, signed (HMAC-SHA-256 under a key derived from the server secret) over the request, its
 * owner, the order's version and the expiry. Changing any part, or another owner, breaks it.
 */
export function createOrderDocumentLinks(secret: string) {
  const key = createHmac('sha256', secret).update(LINK_LABEL).digest();
  const signatureOf = (grant: OrderDocumentGrant, ownerId: string) =>
    createHmac('sha256', key)
      .update(`${grant.requestId}\n${ownerId}\n${grant.version}\n${grant.until}`)
      .digest('base64url');

  return {
    /** The path and query of the page (the caller adds the origin). */
    pathFor(grant: OrderDocumentGrant, ownerId: string, language: 'he' | 'en'): string {
      const query = new URLSearchParams({
        v: String(grant.version),
        until: String(grant.until),
        sig: signatureOf(grant, ownerId),
        lang: language,
      });
      return `/signed-orders/${grant.requestId}?${query}`;
    },

    /** The grant an address claims, before its signature is checked; null when malformed. */
    parse(requestId: string, query: { v?: string; until?: string; sig?: string }) {
      const version = Number(query.v);
      const until = Number(query.until);
      if (!UUID.test(requestId) || !Number.isSafeInteger(version) || version < 1) return null;
      if (!Number.isSafeInteger(until) || !SIGNATURE.test(query.sig ?? '')) return null;
      return { grant: { requestId, version, until }, signature: query.sig as string };
    },

    /** True when `signature` was made for this grant and this owner. */
    verify(grant: OrderDocumentGrant, ownerId: string, signature: string): boolean {
      const expected = Buffer.from(signatureOf(grant, ownerId));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type OrderDocumentLinks = ReturnType<typeof createOrderDocumentLinks>;
