import { ownerOf } from '../properties/request-owner';
import { originOf } from '../sharing/request-origin';
import { defineHandlers } from './types';

/** Operations tagged `exposure` (issue 23). The client's page /e/{token} is not an API route. */
export const exposureHandlers = defineHandlers(({ exposureRequests, orderDocuments }) => ({
  async createExposureRequest(request, reply) {
    const created = await exposureRequests.create(ownerOf(request), request.body, originOf(request));
    reply.code(201);
    return { success: true, data: created };
  },

  async listExposureRequests(request) {
    return { success: true, data: await exposureRequests.list(ownerOf(request), request.query.status) };
  },

  async getExposureOverview(request) {
    return { success: true, data: await exposureRequests.overview(ownerOf(request)) };
  },

  async markExposureRequestsSeen(request, reply) {
    await exposureRequests.markSeen(ownerOf(request));
    return reply.code(204).send();
  },

  async getExposureRequest(request) {
    return { success: true, data: await exposureRequests.get(ownerOf(request), request.params.id) };
  },

  async revokeExposureRequest(request) {
    return { success: true, data: await exposureRequests.revoke(ownerOf(request), request.params.id) };
  },

  async createOrderDocumentLink(request) {
    const { id } = request.params;
    const language = request.query.lang === 'en' ? 'en' : 'he';
    return {
      success: true,
      data: await orderDocuments.linkFor(ownerOf(request), id, originOf(request), language),
    };
  },

  async amendExposureRequest(request, reply) {
    const amended = await exposureRequests.amend(
      ownerOf(request),
      request.params.id,
      request.body,
      originOf(request),
    );
    reply.code(201);
    return { success: true, data: amended };
  },

  async resendExposureRequest(request) {
    return {
      success: true,
      data: await exposureRequests.resend(ownerOf(request), request.params.id, originOf(request)),
    };
  },
}));
