import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { OpenApiDocument } from '../http/contract';
import { definePlugin } from './define-plugin';

/**
 * The contract as JSON at /api/openapi.json (exactly the YAML's content) and a readable page at
 * /api/docs. Swagger UI's assets are served from node_modules, never from a CDN.
 */
export const apiDocsPlugin = definePlugin<{ document: OpenApiDocument }>(
  'api-docs',
  async (app, { document }) => {
    const json = JSON.stringify(document);
    app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(json),
    );

    await app.register(swagger, {
      mode: 'static',
      specification: { document: structuredClone(document) } as never,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { deepLinking: true, validatorUrl: null },
      theme: { title: 'Nechasim API' },
    });
  },
);
