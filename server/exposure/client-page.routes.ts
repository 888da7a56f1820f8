import type { FormatLanguage } from '@domain/format';
import { SIGNATURE_DRAWING_MAX_FIELD_LENGTH } from '@domain/signature-drawing';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ExposureRequestRow } from '../db/schema';
import type { HandlerContext } from '../handlers/types';
import { AppError } from '../http/app-error';
import { SHARE_TOKEN_PATTERN } from '../sharing/share-token';
import { sendAttachment } from '../storage/file-response';
import { CLIENT_PAGE_COPY } from './client-page.copy';
import { type ClientPageStep, renderClientPage } from './client-page.render';
import { createExposureClientService } from './exposure-client.service';
import { renderOrderDocument, renderOrderDocumentUnavailable } from './order-document.render';
import { orderDocumentOf } from './order-document.service';
import { withSignaturePadScript } from './signature-pad.render';

/** The browser's proof that it verified the phone (HttpOnly, this request's path only). */
const VIEWER_COOKIE = 'nechasim_viewer';
/** The one-time-code session between "send a code" and "verify". */
const OTP_COOKIE = 'nechasim_otp';
const FORM_BODY_LIMIT = 4 * 1024;
/**
 * The signing form may carry the drawn signature: room for twice the drawing's own cap, so a drawing
 * over the cap reaches the page's own error instead of a bare 413.
 */
const SIGN_BODY_LIMIT = FORM_BODY_LIMIT + 2 * SIGNATURE_DRAWING_MAX_FIELD_LENGTH;

export interface ClientPageOptions {
  context: HandlerContext;
  /** Page loads and form posts per address per minute. */
  pageRateLimit?: number;
}

type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { lang?: string } }>;

/** Why a code was not sent or not accepted, in the page's language: the server's reason, or a general one. */
function codeErrorMessage(language: FormatLanguage, error: unknown): string {
  const copy = CLIENT_PAGE_COPY[language];
  const key = error instanceof AppError ? `codeError_${error.code}` : 'codeError_other';
  return (copy as Record<string, string>)[key] ?? copy.codeError_other;
}

function cookiesOf(request: FastifyRequest): Record<string, string> {
  const header = request.headers.cookie ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0]))
      .map(([name, value]) => [name, decodeURIComponent(value)]),
  );
}

function setCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  token: string,
  name: string,
  value: string,
  maxAge: number,
) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${name}=${encodeURIComponent(value)}; Path=/e/${token}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}

function sendPage(reply: FastifyReply, status: number, body: string) {
  // The signing step's pad runs one inline script, allowed by its hash on these pages only.
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') reply.header('content-security-policy', withSignaturePadScript(csp));
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

/**
 * The client's page /e/{token} (issue 23), rendered on the server like the share page: plain forms,
 * POST-redirect-GET, no script but the optional signature pad's (signature-pad.render.ts). Nothing of the request shows before the phone the broker named is
 * verified with a one-time code (the sign-in service, its rules and limits); only that browser then
 * sees and signs the order; the properties show in full only once it is signed.
 */
export async function clientPagePlugin(app: FastifyInstance, options: ClientPageOptions) {
  const { context } = options;
  const client = createExposureClientService({
    db: context.db,
    clock: context.clock,
    secret: context.config.jwtSecret,
  });
  const otp = context.auth.otp;
  const { store } = context.property;
  const rateLimit = {
    rateLimit: { max: options.pageRateLimit ?? 60, timeWindow: 60_000, allowList: () => false },
  };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const languageOf = (request: TokenRequest, row: ExposureRequestRow | null): FormatLanguage => {
    const lang = request.query.lang;
    if (lang === 'he' || lang === 'en') return lang;
    return row?.language === 'en' ? 'en' : 'he';
  };

  const load = async (request: TokenRequest) => {
    const { token } = request.params;
    if (!SHARE_TOKEN_PATTERN.test(token)) return null;
    return client.findByToken(token);
  };

  const again = (reply: FastifyReply, token: string, language: FormatLanguage) =>
    reply.redirect(`/e/${token}?lang=${language}`, 303);

  /** The request its token names, the page's language, and the token to send the browser back to. */
  const open = async (request: TokenRequest) => {
    const row = await load(request);
    return { row, language: languageOf(request, row), token: request.params.token };
  };

  /** Whether this browser verified the client's phone (the viewer cookie proves it for this request). */
  const isViewer = (request: FastifyRequest, row: ExposureRequestRow) =>
    client.isViewer(row, cookiesOf(request)[VIEWER_COOKIE]);

  /** A version the client signed before the one now in front of them, to name on the order. */
  const earlierSignedOf = async (row: ExposureRequestRow) => {
    const earlier = await client.signedOrderOf(row);
    return earlier && { version: earlier.version, signedAt: earlier.signedAt };
  };

  /** What this browser may see of the request now. */
  const stepOf = async (request: TokenRequest, row: ExposureRequestRow): Promise<ClientPageStep> => {
    if (row.status === 'declined' || row.status === 'expired' || row.status === 'revoked') {
      return { kind: 'closed', reason: row.status };
    }
    const viewer = isViewer(request, row);
    if (row.status === 'signed') {
      const signed = await client.signedOrderOf(row);
      if (!viewer || !signed) return { kind: 'closed', reason: 'notFound' };
      return {
        kind: 'signed',
        order: JSON.parse(signed.content),
        signedAt: signed.signedAt,
        sha256: signed.contentSha256,
        properties: await client.revealedProperties(row),
      };
    }
    if (row.status === 'verified' && viewer) {
      return {
        kind: 'order',
        earlierSigned: await earlierSignedOf(row),
        order: client.orderOf(row, { fullName: row.clientName, idNumber: '', address: '' }),
        values: { fullName: row.clientName, idNumber: '', address: '', consent: false },
        issues: [],
      };
    }
    if (cookiesOf(request)[OTP_COOKIE]) return { kind: 'code', error: null };
    return { kind: 'phone', lastDigits: row.clientPhone.slice(-2), error: null };
  };

  app.get<{ Params: { token: string }; Querystring: { lang?: string } }>(
    '/e/:token',
    { config: rateLimit },
    async (request, reply) => {
      let row = await load(request);
      const language = languageOf(request, row);
      if (!row)
        return sendPage(reply, 404, renderClientPage(language, null, { kind: 'closed', reason: 'notFound' }));
      row = await client.open(row);
      const step = await stepOf(request, row);
      const status = step.kind === 'closed' ? (step.reason === 'notFound' ? 404 : 410) : 200;
      reply.header('content-language', language);
      return sendPage(reply, status, renderClientPage(language, request.params.token, step));
    },
  );

  // The client's copy of the signed order, to print or save as PDF: the verified browser only.
  app.get<{ Params: { token: string }; Querystring: { lang?: string } }>(
    '/e/:token/order',
    { config: rateLimit },
    async (request, reply) => {
      const row = await load(request);
      const language = languageOf(request, row);
      const viewer = row && isViewer(request, row);
      // Signed, or verified on an amended version while the one the client signed earlier is in force.
      const mayRead = row?.status === 'signed' || row?.status === 'verified';
      const signed = row && mayRead && viewer ? await client.signedOrderOf(row) : null;
      if (!signed) return sendPage(reply, 404, renderOrderDocumentUnavailable(language, 'notFound'));
      reply.header('content-language', language);
      return sendPage(reply, 200, renderOrderDocument(language, orderDocumentOf(signed)));
    },
  );

  // A document the broker shares, for the browser that verified and only once signed.
  app.get<{ Params: { token: string; place: string; index: string }; Querystring: { lang?: string } }>(
    '/e/:token/documents/:place/:index',
    { config: rateLimit },
    async (request, reply) => {
      const place = Number(request.params.place);
      const index = Number(request.params.index);
      if (!Number.isSafeInteger(place) || !Number.isSafeInteger(index) || place < 1 || index < 1) {
        return reply.code(404).send();
      }
      const row = await load(request);
      if (row?.status !== 'signed' || !isViewer(request, row)) {
        return reply.code(404).send();
      }
      const file = (await client.revealedProperties(row))[place - 1]?.documents[index - 1];
      return sendAttachment(reply, store, file, () => file?.fileName ?? '');
    },
  );

  app.post<{ Params: { token: string }; Querystring: { lang?: string } }>(
    '/e/:token/code',
    { config: rateLimit },
    async (request, reply) => {
      const { row, language, token } = await open(request);
      if (!row || !['opened', 'verified'].includes(row.status)) return again(reply, token, language);
      try {
        const sent = await otp.send({
          phoneNumber: row.clientPhone,
          process: 'exposure',
          ip: request.ip,
          language,
        });
        setCookie(reply, request, token, OTP_COOKIE, sent.otpSessionId, 10 * 60);
        return again(reply, token, language);
      } catch (error) {
        return sendPage(
          reply,
          error instanceof AppError ? error.statusCode : 503,
          renderClientPage(language, token, {
            kind: 'phone',
            lastDigits: row.clientPhone.slice(-2),
            error: codeErrorMessage(language, error),
          }),
        );
      }
    },
  );

  app.post<{ Params: { token: string }; Querystring: { lang?: string }; Body: { code?: string } }>(
    '/e/:token/verify',
    { config: rateLimit },
    async (request, reply) => {
      const { row, language, token } = await open(request);
      const sessionId = cookiesOf(request)[OTP_COOKIE];
      if (!row || !['opened', 'verified'].includes(row.status) || !sessionId)
        return again(reply, token, language);
      const code = String(request.body?.code ?? '').replace(/\D/g, '');
      try {
        await otp.verify(
          { otpSessionId: sessionId, otpCode: code, process: 'exposure', phoneNumber: row.clientPhone },
          async () => undefined,
        );
      } catch (error) {
        return sendPage(
          reply,
          error instanceof AppError ? error.statusCode : 400,
          renderClientPage(language, token, { kind: 'code', error: codeErrorMessage(language, error) }),
        );
      }
      const verified = await client.verifyPhone(row, row.clientPhone);
      if (verified) {
        const proof = client.viewerProof(verified);
        if (proof) setCookie(reply, request, token, VIEWER_COOKIE, proof, 24 * 60 * 60);
      }
      return again(reply, token, language);
    },
  );

  app.post<{
    Params: { token: string };
    Querystring: { lang?: string };
    Body: { fullName?: string; idNumber?: string; address?: string; consent?: string; drawing?: string };
  }>('/e/:token/sign', { config: rateLimit, bodyLimit: SIGN_BODY_LIMIT }, async (request, reply) => {
    const { row, language, token } = await open(request);
    if (row?.status !== 'verified' || !isViewer(request, row)) {
      return again(reply, token, language);
    }
    const values = {
      fullName: String(request.body?.fullName ?? '').slice(0, 200),
      idNumber: String(request.body?.idNumber ?? '').slice(0, 20),
      address: String(request.body?.address ?? '').slice(0, 300),
      consent: request.body?.consent === 'yes',
    };
    const drawing = String(request.body?.drawing ?? '');
    const outcome = await client.sign(row, {
      ...values,
      drawing,
      typedName: values.fullName,
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
    });
    if (!outcome.ok) {
      const order = client.orderOf(row, {
        fullName: values.fullName,
        idNumber: values.idNumber,
        address: values.address,
      });
      return sendPage(
        reply,
        400,
        renderClientPage(language, token, {
          kind: 'order',
          order,
          // A drawing that passed goes back with the typed values; a refused one does not.
          values: { ...values, drawing: outcome.drawingError ? '' : drawing },
          issues: outcome.issues,
          drawingError: outcome.drawingError,
          earlierSigned: await earlierSignedOf(row),
        }),
      );
    }
    return again(reply, token, language);
  });

  app.post<{ Params: { token: string }; Querystring: { lang?: string } }>(
    '/e/:token/decline',
    { config: rateLimit },
    async (request, reply) => {
      const { row, language, token } = await open(request);
      // Only the verified browser may decline: a forwarded link cannot end the request for the client.
      if (row && row.status === 'verified' && isViewer(request, row)) {
        await client.decline(row);
      }
      return again(reply, token, language);
    },
  );
}
