import { hasHiddenOrControlCharacters } from '@domain/free-text';
import type { AnySchema, Options, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
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
    if (httpPart === 'body') return storableTextOnly(bodyAjv.compile(schema));
    return storableTextOnly(finiteOnly(textAjv.compile(schema)));
  };
}

/** A NUL, or half of a UTF-16 surrogate pair with no other half. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL is the point.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Validator = ((data: unknown) => boolean) & {
  errors?: FastifySchemaValidationError[] | null | undefined;
};

/**
 * No string of any request may hold a NUL or a lone surrogate: PostgreSQL cannot store either (a
 * NUL in a text field or a query parameter was a 500, SQLSTATE 22021) and neither is text anyone
 * typed. Nor may it hold what the shared free-text rule refuses (bidi overrides, zero-width and
 * control characters). One check here covers every string of every schema, bodies and query
 * strings alike.
 */
function storableTextOnly<T extends Validator>(validate: T) {
  const checked = (data: unknown) => {
    const valid = validate(data);
    const bad = valid ? unsafeTextPath(data, '') : undefined;
    checked.errors =
      bad === undefined
        ? validate.errors
        : [
            {
              keyword: 'safeText',
              instancePath: bad.path,
              schemaPath: '#',
              params: {},
              message: bad.message,
            },
          ];
    return valid && bad === undefined;
  };
  checked.errors = null as FastifySchemaValidationError[] | null | undefined;
  return checked;
}

/** The message names an i18n key the forms also use, so a client can show it in its language. */
function textProblem(text: string): string | undefined {
  if (UNSTORABLE.test(text)) return 'must not contain NUL characters or unpaired surrogates';
  if (hasHiddenOrControlCharacters(text)) return 'validation.unsafeCharacters';
  return undefined;
}

function unsafeTextPath(data: unknown, path: string): { path: string; message: string } | undefined {
  if (typeof data === 'string') {
    const message = textProblem(data);
    return message === undefined ? undefined : { path, message };
  }
  if (data === null || typeof data !== 'object') return undefined;
  for (const [key, value] of Object.entries(data)) {
    const keyMessage = textProblem(key);
    const found =
      keyMessage === undefined
        ? unsafeTextPath(value, `${path}/${key}`)
        : { path: `${path}/${key}`, message: keyMessage };
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Ajv coerces "1e309" to Infinity and then lets it pass `type: integer` and `maximum`, so
 * `?pageSize=1e309` reached the database as LIMIT Infinity (a 500). Coerced text must be finite.
 */
function finiteOnly(validate: ValidateFunction) {
  const checked = (data: unknown) => {
    const valid = validate(data);
    const infinite = valid ? nonFiniteKey(data) : undefined;
    checked.errors =
      infinite === undefined
        ? validate.errors
        : [
            {
              keyword: 'finite',
              instancePath: `/${infinite}`,
              schemaPath: '#',
              params: {},
              message: 'must be a finite number',
            },
          ];
    return valid && infinite === undefined;
  };
  checked.errors = null as FastifySchemaValidationError[] | null | undefined;
  return checked;
}

function nonFiniteKey(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  for (const [key, value] of Object.entries(data)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((entry) => typeof entry === 'number' && !Number.isFinite(entry))) return key;
  }
  return undefined;
}

export const validationPlugin = definePlugin('validation', async (app) => {
  app.setValidatorCompiler(createValidatorCompiler());
});
