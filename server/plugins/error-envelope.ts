import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, type ErrorDetail } from '../http/app-error';
import { type ErrorCode, errorMessage, languageOf } from '../http/error-messages';
import { definePlugin } from './define-plugin';
import { FALLBACK_SECURITY_HEADERS } from './security-headers';

export interface ErrorEnvelope {
  success: false;
  Message: string;
  code: ErrorCode;
  details?: ErrorDetail[];
}

/** Fastify's and its plugins' own error codes, by the answer they deserve. */
const FRAMEWORK_CODES: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request' },
  // The router's own refusals (see frameworkErrorHandler): a malformed URL, a path segment far
  // longer than any id.
  FST_ERR_BAD_URL: { status: 400, code: 'bad_request' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 400, code: 'bad_request' },
  // @fastify/multipart
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_PARTS_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_FILES_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_FIELDS_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_PROTO_VIOLATION: { status: 400, code: 'invalid_json' },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: 'invalid_json' },
  FST_MP_PREMATURE_CLOSE: { status: 400, code: 'bad_request' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'unsupported_media_type' },
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  501: 'not_implemented',
  503: 'service_unavailable',
};

/** How long a client should wait before retrying while the database is unreachable. */
const DB_RETRY_AFTER_SECONDS = 5;

interface Classified {
  status: number;
  code: ErrorCode;
  details?: ErrorDetail[];
  headers?: Record<string, string>;
  fileName?: string;
}

/** Maps anything thrown to a status and a stable code; unknown errors become a bare 500. */
export function classifyError(error: unknown): Classified {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      code: error.code,
      details: error.details,
      headers: error.headers,
      fileName: error.fileName,
    };
  }
  const fastifyError = error as Partial<FastifyError> & { validationContext?: string };
  if (Array.isArray(fastifyError.validation)) {
    return {
      status: 400,
      code: 'validation_failed',
      details: validationDetails(fastifyError.validation, fastifyError.validationContext),
    };
  }
  const known = fastifyError.code ? FRAMEWORK_CODES[fastifyError.code] : undefined;
  if (known) return known;
  // JSON.parse and prototype-poisoning rejections arrive as a SyntaxError flagged 400.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, code: 'invalid_json' };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, code: CODE_BY_STATUS[status] ?? 'bad_request' };
  }
  if (status === 503) return { status, code: 'service_unavailable' };
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      code: 'service_unavailable',
      headers: { 'Retry-After': String(DB_RETRY_AFTER_SECONDS) },
    };
  }
  // Last guard: whatever value still reached the database and was refused as data (SQLSTATE class
  // 22: bad encoding, a NUL, a malformed date or number) was the client's, not a fault of ours.
  if (isDataException(error)) return { status: 400, code: 'bad_request' };
  return { status: 500, code: 'internal_error' };
}

function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}

/** The SQLSTATE of a database error, however deep the driver and Drizzle wrapped it. */
function sqlStateOf(error: unknown): string | undefined {
  let current = error as { cause?: unknown; code?: unknown } | undefined;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

type AjvLikeError = {
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string };
};

function validationDetails(errors: AjvLikeError[], context = 'body'): ErrorDetail[] {
  return errors.map((error) => {
    const extra = error.params?.missingProperty ?? error.params?.additionalProperty;
    const path = `${context}${error.instancePath ?? ''}${extra ? `/${extra}` : ''}`;
    const message =
      error.params?.additionalProperty !== undefined
        ? 'is not an allowed property'
        : (error.message ?? 'is invalid');
    return { path, message };
  });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, classified: Classified) {
  const message = errorMessage(classified.code, languageOf(request.headers['accept-language']));
  const body: ErrorEnvelope = {
    success: false,
    Message: classified.fileName ? `${classified.fileName}: ${message}` : message,
    code: classified.code,
    ...(classified.details?.length ? { details: classified.details } : {}),
  };
  if (classified.headers) reply.headers(classified.headers);
  return reply.code(classified.status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs. Without it
 * those answers are Fastify's own JSON, not the envelope.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'request rejected by the router');
  reply.headers(FALLBACK_SECURITY_HEADERS);
  return sendError(request, reply, classifyError(error));
}

export const errorEnvelopePlugin = definePlugin('error-envelope', async (app) => {
  app.setErrorHandler((error, request, reply) => {
    const classified = classifyError(error);
    if (classified.status === 503 && !(error instanceof AppError)) {
      // Drizzle's message carries the query's parameters (phones, hashes): log only the driver's reason.
      request.log.warn({ reason: rootReason(error) }, 'database unavailable');
    } else if (classified.status >= 500) {
      request.log.error({ err: withoutQueryParameters(error) }, 'request failed');
    } else {
      // A value the database refused is logged by its SQLSTATE only, never with the value.
      const sqlState = sqlStateOf(error);
      request.log.info({ code: classified.code, status: classified.status, sqlState }, 'request rejected');
    }
    return sendError(request, reply, classified);
  });
});

/** The innermost error's code and message, without the query text or its parameters. */
function rootReason(error: unknown): string {
  let current = error as { cause?: unknown; code?: unknown; message?: unknown } | undefined;
  for (let depth = 0; depth < 5 && current?.cause instanceof Error; depth++) {
    current = current.cause as typeof current;
  }
  return [current?.code, current?.message].filter((part) => typeof part === 'string').join(' ');
}

/**
 * Drizzle's query errors carry the query's parameters (phone numbers, names, hashes) in their
 * message and in a `params` field, and the driver's message may quote a value too ("invalid input
 * syntax for type integer: …"); the error serializer would log all of it. Keep the query and the
 * SQLSTATE, drop the values.
 */
function withoutQueryParameters(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error)) return error;
  const withoutParams = (text: string | undefined) => text?.replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, '');
  return {
    name: error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack),
    sqlState: (error.cause as { code?: unknown } | undefined)?.code,
  };
}
