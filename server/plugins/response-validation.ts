import type { ValidateFunction } from 'ajv';
import { AppError } from '../http/app-error';
import { definePlugin } from './define-plugin';
import { createAjv } from './validation';

type ResponseSchemas = Record<string, { content?: Record<string, { schema?: object }> }>;

/**
 * Fastify's serializer silently drops fields a response schema does not declare, and sends
 * whatever a handler forgot. Outside production every 2xx JSON body is checked against the
 * contract first, so such a handler fails its tests with a 500 instead of losing data quietly.
 */
export const responseValidationPlugin = definePlugin('response-validation', async (app) => {
  const ajv = createAjv({ coerceTypes: false, useDefaults: false });
  const compiled = new WeakMap<object, ValidateFunction>();

  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const responses = request.routeOptions.schema?.response as ResponseSchemas | undefined;
    const schema = (responses?.[String(reply.statusCode)] ?? responses?.['2XX'])?.content?.[
      'application/json'
    ]?.schema;
    if (!schema) return payload;
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    // Validate what will go on the wire: Dates become ISO strings, undefined fields disappear.
    if (!validate(JSON.parse(JSON.stringify(payload)))) {
      const details = (validate.errors ?? []).map((error) => ({
        path: `response${error.instancePath}`,
        message: `${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
      }));
      request.log.error({ details, route: request.routeOptions.url }, 'response does not match the contract');
      throw new AppError(500, 'internal_error', { details });
    }
    return payload;
  });
});
