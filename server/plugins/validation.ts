import type { AnySchema, Options, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { definePlugin } from './define-plugin';

/**
 * Fastify's default Ajv coerces and strips: `5` becomes `"5"` and unknown fields vanish, so bad
 * input slips through. Bodies get a strict compiler that rejects instead; only the parts that
 * arrive as text (query string, path, headers) are coerced to the types the contract declares.
 */
const shared: Options = {
  strict: true,
  // The contract spells nullable fields as `type: [string, 'null']`.
  allowUnionTypes: true,
  removeAdditional: false,
  useDefaults: true,
  allErrors: false,
};

export function createAjv(options: Options): Ajv2020 {
  const ajv = new Ajv2020({ ...shared, ...options });
  addFormats(ajv);
  return ajv;
}

export function createValidatorCompiler(): FastifySchemaCompiler<AnySchema> {
  const bodyAjv = createAjv({ coerceTypes: false });
  const textAjv = createAjv({ coerceTypes: true });
  return ({ schema, httpPart }) => {
    const validate: ValidateFunction = (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
    return validate;
  };
}

export const validationPlugin = definePlugin('validation', async (app) => {
  app.setValidatorCompiler(createValidatorCompiler());
});
