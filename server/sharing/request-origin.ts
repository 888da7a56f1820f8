import type { FastifyRequest } from 'fastify';

/**
 * The site the request came to, as the browser saw it: behind a trusted proxy Fastify reads
 * X-Forwarded-Proto and -Host (TRUST_PROXY), otherwise the connection and the Host header.
 */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
