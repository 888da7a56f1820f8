import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';

/**
 * The signed-in user every property operation acts for. bearerAuth runs first on all of them, so a
 * missing identity is a wiring mistake; it is still refused, never treated as somebody.
 */
export function ownerOf(request: FastifyRequest): string {
  if (!request.auth) throw new AppError(401, 'unauthorized', { headers: { 'WWW-Authenticate': 'Bearer' } });
  return request.auth.userId;
}
