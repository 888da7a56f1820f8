import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { streetOf } from '@domain/listing-name';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HandlerContext } from '../handlers/types';
import { definePlugin } from '../plugins/define-plugin';
import type { PropertyRow } from '../repositories/property.repository';
import { listFilesOfProperties, type PropertyFileRow } from '../repositories/property-files.repository';
import {
  findBrokerCard,
  findLivePropertyOfLink,
  prepareShareLinkLookup,
  type ShareLinkOfToken,
} from '../repositories/share-links.repository';
import { sendAttachment, storedFileHeaders } from '../storage/file-response';
import { VARIANT_WIDTHS, type VariantWidth } from '../storage/image-variants';
import { captionWithoutStreet, documentNameWithoutStreet, propertyWithoutStreet } from './hidden-address';
import { originOf } from './request-origin';
import { createShareLinkCheck } from './share-link-check';
import { documentsOfLink, GALLERY_GROUP, linkState } from './share-links.service';
import { isPreviewRobot } from './share-opens';
import { renderSharePage, renderUnavailablePage } from './share-page.render';
import { hashShareToken, SHARE_TOKEN_PATTERN, sameTokenHash } from './share-token';

/** Photos the page shows: what sharp resizes (HEIC originals would be a broken image in most browsers). */
const SHOWN_PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** The photo's address: a prefix of its content hash, the width and the format. */
const PHOTO_NAME = /^([A-Za-z0-9_-]{12})-(\d+)\.(webp|jpg)$/;
const PHOTO_KEY_LENGTH = 12;
/**
 * How long a shared property's content and rendered page are reused at one revision, and for how
 * many. Property, file and link writes move the owner's revision and show at once; the broker's
 * card (name, phone, company) is not counted in it and shows within this time.
 */
const CONTENT_TTL_MS = 5_000;
const MAX_KEPT = 1_000;
const MAX_PAGES_KEPT = 2_000;

type EncodedPage = { encoding: 'br' | 'gzip' | null; body: Buffer | string };

type SharedContent = {
  property: PropertyRow;
  files: PropertyFileRow[];
  broker: Awaited<ReturnType<typeof findBrokerCard>>;
};

export interface SharePageOptions extends Record<string, unknown> {
  context: HandlerContext;
  /** Page loads per address per minute (a whole office behind one NAT opens a link a few times). */
  pageRateLimit?: number;
}

type TokenParams = { token: string };

/**
 * The public side of share links, outside /api: the page at /p/{token}, its photos (resized, cached
 * for good, addressed by content) and the documents the broker chose. A link is checked on every
 * request, so revoking it takes effect on the next one.
 */
export const sharePagePlugin = definePlugin<SharePageOptions>('share-page', async (app, options) => {
  const { context } = options;
  const { db, clock } = context;
  const { store, variants } = context.property;
  const opens = context.shareOpens;
  const pageMax = options.pageRateLimit ?? 120;
  // The link is checked on every request; on PGlite without a query while nothing moved its
  // owner's revision (share-link-check.ts).
  const linkCheck = await createShareLinkCheck(context.database, prepareShareLinkLookup(db));
  const findLink = linkCheck.find;
  // Counted opens are written before the database closes.
  app.addHook('onClose', async () => {
    await linkCheck.stop().catch(() => undefined);
    await opens
      .flush()
      .catch((error: unknown) => app.log.warn({ err: error }, 'share link opens not written'));
  });
  const rateLimit = (max: number) => ({ rateLimit: { max, timeWindow: 60_000, allowList: () => false } });

  /** The link when it and its property are live (one indexed query); otherwise the answer has been sent. */
  const resolve = async (request: FastifyRequest<{ Params: TokenParams }>, reply: FastifyReply) => {
    const { token } = request.params;
    if (!SHARE_TOKEN_PATTERN.test(token)) return void sendPage(reply, 404, renderUnavailablePage('notFound'));
    const hash = hashShareToken(token);
    const link = await findLink(hash);
    if (!link || !sameTokenHash(link.tokenHash, hash)) {
      return void sendPage(reply, 404, renderUnavailablePage('notFound'), request);
    }
    if (linkState(link, clock.now()) !== 'active' || !link.propertyLive) {
      return void sendPage(reply, 410, renderUnavailablePage('gone'), request);
    }
    return { token, link };
  };

  /** The link's content, or the 410 page sent (the property went between the two reads). */
  const resolveContent = async (request: FastifyRequest<{ Params: TokenParams }>, reply: FastifyReply) => {
    const found = await resolve(request, reply);
    if (!found) return undefined;
    const content = await contentOf(found.link.propertyId, found.link.ownerId, found.link.revision);
    if (!content) return void sendPage(reply, 410, renderUnavailablePage('gone'), request);
    return { ...found, ...content };
  };

  /**
   * What a shared property shows (its row, files and the broker's card), kept per property while the
   * owner's revision holds (CONTENT_TTL_MS at most): fifty clients opening one link read it once.
   * The link itself is checked on every request (resolve), so a revocation still takes effect on
   * the next one, and an edit moves the revision, so it shows on the next one too.
   */
  const kept = new Map<
    string,
    { until: number; revision: number; content: Promise<SharedContent | undefined> }
  >();
  const contentOf = (
    propertyId: string,
    ownerId: string,
    revision: number,
  ): Promise<SharedContent | undefined> => {
    const now = clock.now().getTime();
    const entry = kept.get(propertyId);
    if (entry && entry.until > now && entry.revision === revision) return entry.content;
    if (kept.size >= MAX_KEPT) kept.clear();
    const content = (async () => {
      const property = await findLivePropertyOfLink(db, propertyId);
      if (!property) return undefined;
      const files = await listFilesOfProperties(db, [propertyId]);
      return { property, files, broker: await findBrokerCard(db, ownerId) };
    })();
    content.catch(() => kept.delete(propertyId));
    kept.set(propertyId, { until: now + CONTENT_TTL_MS, revision, content });
    return content;
  };

  const photosOf = (files: PropertyFileRow[]) =>
    files.filter((file) => file.groupKey === GALLERY_GROUP && SHOWN_PHOTO_TYPES.has(file.mimeType));

  // The page is kept as a promise: requests that arrive while it is rendered again (once a second
  // on a page being opened, whose opens move the revision) wait for that one render instead of
  // each rendering and compressing the same page.
  const pages = new Map<
    string,
    { revision: number; until: number; encoded: Promise<EncodedPage | undefined> }
  >();
  const renderPage = (
    { property, files, broker }: SharedContent,
    page: { token: string; language: 'he' | 'en'; origin: string; link: ShareLinkOfToken },
  ) => {
    const { link } = page;
    const documents = documentsOfLink(files, link.documentFileIds);
    // A link that hides the address hides the street in the broker's words too (hidden-address.ts).
    const hidden = !link.showExactAddress;
    return renderSharePage({
      language: page.language,
      origin: page.origin,
      token: page.token,
      property: hidden ? propertyWithoutStreet(property) : property,
      showExactAddress: link.showExactAddress,
      photos: photosOf(files).map((file) => ({
        key: file.sha256.slice(0, PHOTO_KEY_LENGTH),
        caption: hidden ? captionWithoutStreet(file.caption, streetOf(property)) : file.caption,
      })),
      documents: documents.map((file, index) => ({
        index: index + 1,
        fileName: shownDocumentName(file, index + 1, property, link, page.language),
        groupKey: file.groupKey,
      })),
      broker,
    });
  };

  app.get<{ Params: TokenParams; Querystring: { lang?: string } }>(
    '/p/:token',
    { config: rateLimit(pageMax) },
    async (request, reply) => {
      const found = await resolve(request, reply);
      if (!found) return reply;
      const { token, link } = found;
      const lang = request.query.lang;
      const language = lang === 'he' || lang === 'en' ? lang : link.language === 'en' ? 'en' : 'he';
      const accepts = acceptedEncoding(request);
      const origin = originOf(request);
      // The rendered, compressed page is kept per link, language, origin and encoding while the
      // owner's revision holds: most requests are one indexed query and a copy (docs/decisions.md).
      const key = `${link.id}\n${language}\n${origin}\n${accepts ?? ''}`;
      const now = clock.now().getTime();
      let page = pages.get(key);
      if (!page || page.revision !== link.revision || page.until <= now) {
        const kept = {
          revision: link.revision,
          until: now + CONTENT_TTL_MS,
          encoded: contentOf(link.propertyId, link.ownerId, link.revision).then(
            (content) =>
              content && encodePage(renderPage(content, { token, language, origin, link }), accepts),
          ),
        };
        // A failed or gone page is not kept: the next request asks again.
        const forget = () => void (pages.get(key) === kept && pages.delete(key));
        kept.encoded.then((encoded) => encoded ?? forget(), forget);
        if (pages.size >= MAX_PAGES_KEPT) pages.clear();
        pages.set(key, kept);
        page = kept;
      }
      const encoded = await page.encoded;
      if (!encoded) return sendPage(reply, 410, renderUnavailablePage('gone'), request);
      if (request.method === 'GET' && !isPreviewRobot(request.headers['user-agent'])) {
        opens.record(link.id, request.ip, request.headers['user-agent']);
      }
      reply.header('content-language', language);
      return sendEncoded(reply, 200, encoded);
    },
  );

  app.get<{ Params: TokenParams & { name: string } }>(
    '/p/:token/photos/:name',
    { config: rateLimit(pageMax * 20) },
    async (request, reply) => {
      const match = PHOTO_NAME.exec(request.params.name);
      const width = Number(match?.[2]) as VariantWidth;
      if (!match || !VARIANT_WIDTHS.includes(width)) return reply.code(404).send();
      const found = await resolveContent(request, reply);
      if (!found) return reply;
      const photo = photosOf(found.files).find((file) => file.sha256.startsWith(match[1] as string));
      const variant = photo && (await variants.variantOf(photo, width, match[3] === 'jpg' ? 'jpeg' : 'webp'));
      if (!variant) return reply.code(404).send();
      return (
        storedFileHeaders(reply, variant.mimeType)
          .header('content-length', variant.size)
          // The address names the content (hash, width, format): it can never mean other bytes.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(store.openRead(variant.storageKey))
      );
    },
  );

  app.get<{ Params: TokenParams & { index: string } }>(
    '/p/:token/documents/:index',
    { config: rateLimit(pageMax) },
    async (request, reply) => {
      const index = Number(request.params.index);
      if (!Number.isSafeInteger(index) || index < 1) return reply.code(404).send();
      const found = await resolveContent(request, reply);
      if (!found) return reply;
      const file = documentsOfLink(found.files, found.link.documentFileIds)[index - 1];
      const language = found.link.language === 'en' ? 'en' : 'he';
      return sendAttachment(reply, store, file, () =>
        file ? shownDocumentName(file, index, found.property, found.link, language) : '',
      );
    },
  );
});

/** A document's name as the link may show it: the street left out when the link hides the address. */
function shownDocumentName(
  file: PropertyFileRow,
  index: number,
  property: PropertyRow,
  link: ShareLinkOfToken,
  language: 'he' | 'en',
): string {
  return link.showExactAddress
    ? file.fileName
    : documentNameWithoutStreet(file, index, streetOf(property), language);
}

/**
 * Never cached (a revoked link must stop at once), never indexed, compressed when the browser
 * takes it: a 15 KB page is 4 KB over a weak connection.
 */
function sendPage(reply: FastifyReply, status: number, page: string, request?: FastifyRequest) {
  return sendEncoded(reply, status, encodePage(page, request ? acceptedEncoding(request) : null));
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
}

function encodePage(page: string, encoding: 'br' | 'gzip' | null): EncodedPage {
  if (encoding === 'br') {
    return {
      encoding,
      body: brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    };
  }
  if (encoding === 'gzip') return { encoding, body: gzipSync(page) };
  return { encoding: null, body: page };
}

function sendEncoded(reply: FastifyReply, status: number, page: EncodedPage) {
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('vary', 'accept-encoding');
  if (page.encoding) reply.header('content-encoding', page.encoding);
  return reply.send(page.body);
}
