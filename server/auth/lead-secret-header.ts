import type { FastifyRequest } from 'fastify';

/** The X-Lead-Secret header (the contract checks its shape), or undefined. */
export function leadSecretOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-lead-secret'];
  return typeof value === 'string' ? value : undefined;
}
