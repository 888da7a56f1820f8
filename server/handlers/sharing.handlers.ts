import { ownerOf } from '../properties/request-owner';
import { originOf } from '../sharing/request-origin';
import { createShareLinksService } from '../sharing/share-links.service';
import { shareOpensFor } from '../sharing/share-opens';
import { createTokenSealer } from '../sharing/share-token';
import { defineHandlers } from './types';

/** Operations tagged `sharing` in the contract. The public page itself is not an API route (share-page.routes.ts). */
export const sharingHandlers = defineHandlers((context) => {
  const links = createShareLinksService({
    db: context.db,
    clock: context.clock,
    sealer: createTokenSealer(context.config.jwtSecret),
    opens: shareOpensFor({ db: context.db, clock: context.clock, secret: context.config.jwtSecret }),
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
