import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorDetail } from '../http/app-error';
import { type ErrorCode, errorMessage, languageOf } from '../http/error-messages';
import { definePlugin } from './define-plugin';

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
  // @fastify/multipart
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_PARTS_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_FILES_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_FIELDS_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_PROTO_VIOLATION: { status: 400, code: 'invalid_json' },
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

interface Classified {
  status: number;
  code: ErrorCode;
  details?: ErrorDetail[];
  headers?: Record<string, string>;
}

/** Maps anything thrown to a status and a stable code; unknown errors become a bare 500. */
export function classifyError(error: unknown): Classified {
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, details: error.details, headers: error.headers };
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
  return { status: 500, code: 'internal_error' };
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
  const body: ErrorEnvelope = {
    success: false,
    Message: errorMessage(classified.code, languageOf(request.headers['accept-language'])),
    code: classified.code,
    ...(classified.details?.length ? { details: classified.details } : {}),
  };
  if (classified.headers) reply.headers(classified.headers);
  return reply.code(classified.status).type('application/json; charset=utf-8').send(body);
}

export const errorEnvelopePlugin = definePlugin('error-envelope', async (app) => {
  app.setErrorHandler((error, request, reply) => {
    const classified = classifyError(error);
    if (classified.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: classified.code, status: classified.status }, 'request rejected');
    }
    return sendError(request, reply, classified);
  });
});
