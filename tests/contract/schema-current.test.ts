import { readFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const contract = new URL('../../openapi/openapi.yaml', import.meta.url);
const generated = new URL('../../openapi/schema.d.ts', import.meta.url);
// `npm run gen`'s flags: every schema also named at the root, so code imports `Property`, not an alias.
const GEN_OPTIONS = { rootTypes: true, rootTypesNoSchemaPrefix: true };

describe('openapi/schema.d.ts', () => {
  it('is what `npm run gen` makes of openapi/openapi.yaml today', async () => {
    const expected = COMMENT_HEADER + astToString(await openapiTS(contract, GEN_OPTIONS));

    // On failure: run `npm run gen` and commit the result.
    expect(readFileSync(generated, 'utf8')).toBe(expected);
  }, 30_000);
});
