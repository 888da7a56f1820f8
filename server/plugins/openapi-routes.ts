import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import fastifyOpenapiGlue from 'fastify-openapi-glue';
import type { HandlerMap, OperationRoute } from '../handlers/types';
import { AppError } from '../http/app-error';
import { API_PREFIX, type ContractOperation, listOperations, type OpenApiDocument } from '../http/contract';
import type { SecurityHandler } from './auth';
import { definePlugin } from './define-plugin';

export interface OpenapiRoutesOptions extends Record<string, unknown> {
  document: OpenApiDocument;
  handlers: HandlerMap;
  securityHandlers: Record<string, SecurityHandler>;
}

/**
 * Every operation of the contract becomes a route under /api. fastify-openapi-glue builds the
 * JSON ones with their schemas; operations marked `x-no-fastify-config` (multipart bodies, which
 * glue cannot describe) are registered here by hand with only their path and query schemas. An
 * operation without a handler answers 501 not_implemented, so the whole contract is always routed.
 */
export const openapiRoutesPlugin = definePlugin<OpenapiRoutesOptions>(
  'openapi-routes',
  async (app, options) => {
    const { document, handlers, securityHandlers } = options;
    const operations = listOperations(document);
    const byId = new Map(operations.map((operation) => [operation.operationId, operation]));

    app.decorateRequest('auth', null);
    // Glue checks a parser exists for every media type the contract names, responses included, and
    // warns about application/octet-stream (a file download). Refusing it as a request body is what
    // Fastify would do anyway without a parser; declaring so keeps the startup log clean.
    // The same for the list export's file types (text/csv, .xlsx): answered, never accepted.
    for (const type of [
      'application/octet-stream',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]) {
      app.addContentTypeParser(type, (_request, _payload, done) => {
        done(new AppError(415, 'unsupported_media_type'), undefined);
      });
    }

    const routeOptions = (operation: ContractOperation): Partial<RouteOptions> => {
      const entry = handlers[operation.operationId as keyof HandlerMap] as
        | RouteHandlerMethod
        | OperationRoute<never>
        | undefined;
      const route: OperationRoute<never> | undefined =
        typeof entry === 'function' ? { handler: entry as OperationRoute<never>['handler'] } : entry;
      const extraOnRequest = route?.options?.onRequest ?? [];
      return {
        ...route?.options,
        onRequest: [
          ...securityHooks(operation, securityHandlers),
          ...(operation.requestMediaTypes.length > 0 ? [requireMediaType(operation)] : []),
          ...(Array.isArray(extraOnRequest) ? extraOnRequest : [extraOnRequest]),
        ] as onRequestHookHandler[],
        handler: (route?.handler as RouteHandlerMethod | undefined) ?? notImplemented,
      };
    };

    await app.register(fastifyOpenapiGlue, {
      specification: structuredClone(document),
      prefix: API_PREFIX,
      operationResolver: (operationId: string) => {
        const operation = byId.get(operationId);
        if (!operation) throw new Error(`fastify-openapi-glue resolved an unknown operation ${operationId}`);
        return routeOptions(operation) as RouteOptions;
      },
    });

    for (const operation of operations.filter((candidate) => candidate.manual)) {
      app.route({
        method: operation.method,
        url: operation.url,
        schema: parameterSchemas(operation),
        ...(routeOptions(operation) as Pick<RouteOptions, 'handler'>),
      });
    }
  },
);

async function notImplemented(): Promise<never> {
  throw new AppError(501, 'not_implemented');
}

function securityHooks(
  operation: ContractOperation,
  securityHandlers: Record<string, SecurityHandler>,
): SecurityHandler[] {
  return operation.security.map((scheme) => {
    const handler = securityHandlers[scheme];
    if (!handler) throw new Error(`No security handler for scheme "${scheme}" (${operation.operationId})`);
    return handler;
  });
}

/**
 * Fastify validates a body only when its media type has a schema: a body sent as text/plain, or
 * no body at all, would reach the handler unchecked. The contract's media types are the only ones
 * let through.
 */
function requireMediaType(operation: ContractOperation) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers['content-type'];
    if (!header) {
      const hasBody =
        request.headers['transfer-encoding'] !== undefined ||
        Number(request.headers['content-length'] ?? 0) > 0;
      if (hasBody) throw new AppError(415, 'unsupported_media_type');
      if (operation.bodyRequired) {
        throw new AppError(400, 'validation_failed', {
          details: [{ path: 'body', message: 'is required' }],
        });
      }
      return;
    }
    const mediaType = header.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!operation.requestMediaTypes.includes(mediaType)) throw new AppError(415, 'unsupported_media_type');
  };
}

type ParameterSpec = { name: string; in: string; required?: boolean; schema?: unknown };

/** Path and query schemas for the hand-registered routes (glue builds them for the rest). */
function parameterSchemas(operation: ContractOperation) {
  const parameters = (operation.spec.parameters as ParameterSpec[] | undefined) ?? [];
  const group = (where: string) => {
    const list = parameters.filter((parameter) => parameter.in === where);
    if (list.length === 0) return undefined;
    return {
      type: 'object',
      properties: Object.fromEntries(list.map((parameter) => [parameter.name, parameter.schema ?? {}])),
      required: list.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    };
  };
  const params = group('path');
  const querystring = group('query');
  return { ...(params ? { params } : {}), ...(querystring ? { querystring } : {}) };
}
