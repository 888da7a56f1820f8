import type { FastifyRequest } from 'fastify';
import { ownerOf } from '../properties/request-owner';
import { createShareLinksService } from '../sharing/share-links.service';
import { createTokenSealer } from '../sharing/share-token';
import { defineHandlers } from './types';

/** Operations tagged `sharing` in the contract. The public page itself is not an API route (share-page.routes.ts). */
export const sharingHandlers = defineHandlers((context) => {
  const links = createShareLinksService({
    db: context.db,
    clock: context.clock,
    sealer: createTokenSealer(context.config.jwtSecret),
  });

  return {
    async createShareLink(request, reply) {
      const link = await links.create(ownerOf(request), request.params.id, request.body, originOf(request));
      reply.code(201);
      return { success: true, data: link };
    },

    async listShareLinks(request) {
      return {
        success: true,
        data: await links.list(ownerOf(request), request.params.id, originOf(request)),
      };
    },

    async revokeShareLink(request) {
      return {
        success: true,
        data: await links.revoke(ownerOf(request), request.params.id, originOf(request)),
      };
    },
  };
});

/**
 * The site the request came to, as the browser saw it: behind a trusted proxy Fastify reads
 * X-Forwarded-Proto and -Host (TRUST_PROXY), otherwise the connection and the Host header.
 */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
