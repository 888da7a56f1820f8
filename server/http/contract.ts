import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../repo-root';

/** The OpenAPI document as parsed from openapi/openapi.yaml; the server's one source of routes. */
export type OpenApiDocument = {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

export const CONTRACT_PATH = join(REPO_ROOT, 'openapi/openapi.yaml');

/** Every route of the contract lives under this prefix (the document's `servers[0].url`). */
export const API_PREFIX = '/api';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface ContractOperation {
  operationId: string;
  method: Uppercase<(typeof HTTP_METHODS)[number]>;
  /** As written in the document: `/property/{id}`. */
  openapiPath: string;
  /** As Fastify routes it, with the prefix: `/api/property/:id`. */
  url: string;
  /** Security scheme names that must all pass (the contract uses one requirement at most). */
  security: string[];
  /** Media types the request body may have; empty when the operation takes no body. */
  requestMediaTypes: string[];
  bodyRequired: boolean;
  /** Registered by hand, not by fastify-openapi-glue (multipart bodies). */
  manual: boolean;
  /** The operation object with local `$ref`s resolved. */
  spec: Record<string, unknown>;
}

let cached: OpenApiDocument | undefined;

/** Parsed once per process; callers get a fresh copy so nobody can edit the shared one. */
export function loadContract(): OpenApiDocument {
  cached ??= parse(readFileSync(CONTRACT_PATH, 'utf8')) as OpenApiDocument;
  return structuredClone(cached);
}

export function listOperations(document: OpenApiDocument): ContractOperation[] {
  const operations: ContractOperation[] = [];
  const documentSecurity = (document.security as Record<string, unknown>[] | undefined) ?? [];
  for (const [openapiPath, pathItem] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const raw = pathItem[method] as Record<string, unknown> | undefined;
      if (!raw) continue;
      const spec = resolveRefs(raw, document) as Record<string, unknown>;
      const requestBody = spec.requestBody as
        | { required?: boolean; content?: Record<string, unknown> }
        | undefined;
      const security = (spec.security as Record<string, unknown>[] | undefined) ?? documentSecurity;
      operations.push({
        operationId: String(spec.operationId),
        method: method.toUpperCase() as ContractOperation['method'],
        openapiPath,
        url: API_PREFIX + openapiPath.replace(/\{(\w+)\}/g, ':$1'),
        security: security.flatMap((requirement) => Object.keys(requirement)),
        requestMediaTypes: Object.keys(requestBody?.content ?? {}),
        bodyRequired: requestBody?.required === true,
        manual: spec['x-no-fastify-config'] === true,
        spec,
      });
    }
  }
  return operations;
}

/** Replaces local `#/...` references with (copies of) their targets. The contract has no cycles. */
export function resolveRefs(node: unknown, document: OpenApiDocument, depth = 0): unknown {
  if (depth > 64) throw new Error('OpenAPI document: $ref nesting too deep (a cycle?)');
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, document, depth + 1));
  if (node === null || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  const resolved: Record<string, unknown> =
    typeof $ref === 'string'
      ? { ...(resolveRefs(pointer($ref, document), document, depth + 1) as object), ...rest }
      : rest;
  for (const [key, value] of Object.entries(resolved)) {
    resolved[key] = resolveRefs(value, document, depth + 1);
  }
  return resolved;
}

function pointer(ref: string, document: OpenApiDocument): unknown {
  if (!ref.startsWith('#/')) throw new Error(`OpenAPI document: only local $refs are supported (${ref})`);
  let target: unknown = document;
  for (const segment of ref.slice(2).split('/')) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    target = (target as Record<string, unknown> | undefined)?.[key];
  }
  if (target === undefined) throw new Error(`OpenAPI document: unresolved $ref ${ref}`);
  return target;
}
