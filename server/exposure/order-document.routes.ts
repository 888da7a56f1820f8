import type { FastifyInstance } from 'fastify';
import type { HandlerContext } from '../handlers/types';

export interface OrderDocumentOptions {
  context: HandlerContext;
  /** Page loads per address per minute. */
  pageRateLimit?: number;
}

/**
 * The broker's copy of a signed order, /signed-orders/{id}: server HTML to print or save as PDF,
 * opened in a new tab at the short-lived address the API signed for the request's owner
 * (POST /api/exposure-requests/{id}/order-document). The client's copy is /e/{token}/order.
 */
export async function orderDocumentPlugin(app: FastifyInstance, options: OrderDocumentOptions) {
  const { orderDocuments } = options.context;
  app.get<{
    Params: { id: string };
    Querystring: { v?: string; until?: string; sig?: string; lang?: string };
  }>(
    '/signed-orders/:id',
    {
      config: { rateLimit: { max: options.pageRateLimit ?? 60, timeWindow: 60_000, allowList: () => false } },
    },
    async (request, reply) => {
      const language = request.query.lang === 'en' ? 'en' : 'he';
      const page = await orderDocuments.pageFor(request.params.id, request.query, language);
      return reply
        .code(page.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-language', language)
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer')
        .send(page.html);
    },
  );
}
