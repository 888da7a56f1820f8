import type { operations } from '@openapi/schema';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { HandlerContext } from './handler-context';

export type { HandlerContext } from './handler-context';

export type OperationId = keyof operations;

type Or<T, Fallback> = [T] extends [never] ? Fallback : T;
type RequestBodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : unknown;
type ParametersOf<O, Where extends 'query' | 'path'> = O extends { parameters: Record<Where, infer P> }
  ? Or<NonNullable<P>, Record<string, never>>
  : O extends { parameters: Partial<Record<Where, infer P>> }
    ? Or<NonNullable<P>, Record<string, never>>
    : Record<string, never>;
type JsonResponse<O, Status extends number> = O extends { responses: Record<Status, infer R> }
  ? R extends { content: { 'application/json': infer B } }
    ? B
    : never
  : never;

/** The request as the contract types it: body, query (coerced, defaults applied) and path params. */
export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Body: RequestBodyOf<operations[K]>;
  Querystring: ParametersOf<operations[K], 'query'>;
  Params: ParametersOf<operations[K], 'path'>;
}>;

/** The 200 or 201 body the contract promises (set 201 with `reply.code(201)`). */
export type OperationResult<K extends OperationId> =
  | JsonResponse<operations[K], 200>
  | JsonResponse<operations[K], 201>;

/**
 * Return the success body, throw an AppError for anything else. Returning the reply is for
 * operations that stream (files) and must send themselves.
 */
export type OperationHandler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<OperationResult<K> | FastifyReply>;

/** A handler with route options: a tight `config.rateLimit`, an extra onRequest hook, a body limit. */
export interface OperationRoute<K extends OperationId> {
  handler: OperationHandler<K>;
  options?: Pick<RouteShorthandOptions, 'config' | 'onRequest' | 'preHandler' | 'bodyLimit'>;
}

export type HandlerMap = { [K in OperationId]?: OperationHandler<K> | OperationRoute<K> };

/** Declares the handlers of one tag; keys are operationIds, checked against the contract's types. */
export function defineHandlers(factory: (context: HandlerContext) => HandlerMap) {
  return factory;
}
