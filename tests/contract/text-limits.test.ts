import { readFileSync } from 'node:fs';
import { REGISTRATION_TEXT_LIMITS } from '@domain/auth-validation';
import { MAX_CAPTION_LENGTH } from '@domain/media-rules';
import { PROPERTY_SEARCH_MAX_LENGTH } from '@domain/property-filters';
import { SHARE_LINK_LABEL_MAX_LENGTH } from '@domain/share-link';
import { fieldLimit, PROPERTY_LIMITS } from '@domain/wizard-rules';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Schema = {
  $ref?: string;
  type?: string | string[];
  maxLength?: number;
  maximum?: number;
  enum?: unknown[];
  properties?: Record<string, Schema>;
};
const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8'));
const schemas = document.components.schemas as Record<string, Schema>;
const parameters = document.components.parameters as Record<string, { schema: Schema }>;

/** A property's schema, its $ref followed (PersonName is shared by both names). */
function field(schema: string, name: string): Schema {
  const found = schemas[schema]?.properties?.[name];
  if (!found) throw new Error(`${schema}.${name} is not in the contract`);
  return found.$ref ? (schemas[found.$ref.replace('#/components/schemas/', '')] as Schema) : found;
}

/** Free text: a string that is not one of a list of values. */
const isText = (schema: Schema) => [schema.type].flat().includes('string') && !schema.enum;

describe('text limits: every input stops where the contract does', () => {
  it('the wizard: each text field of PropertyInput has the limit the wizard sets and names', () => {
    const properties = schemas.PropertyInput?.properties ?? {};
    const textFields = Object.keys(properties).filter((name) => isText(field('PropertyInput', name)));
    expect(textFields.sort()).toEqual([
      'address',
      'city',
      'description',
      'entryDate',
      'tourLink',
      'usageCategoriesOther',
    ]);
    for (const name of textFields) {
      expect(fieldLimit(name as 'city'), name).toBe(field('PropertyInput', name).maxLength);
    }
    expect(PROPERTY_LIMITS.maxAddressLength).toBe(field('PropertyInput', 'address').maxLength);
    expect(PROPERTY_LIMITS.maxCityLength).toBe(field('PropertyInput', 'city').maxLength);
    expect(PROPERTY_LIMITS.maxUsageCategoriesOtherLength).toBe(
      field('PropertyInput', 'usageCategoriesOther').maxLength,
    );
  });

  it('registration: names, email, company and position as LeadInput takes them', () => {
    const contract = Object.fromEntries(
      Object.keys(REGISTRATION_TEXT_LIMITS).map((name) => [name, field('LeadInput', name).maxLength]),
    );
    expect(contract).toEqual(REGISTRATION_TEXT_LIMITS);
    expect(field('Company', 'name').maxLength).toBe(REGISTRATION_TEXT_LIMITS.companyName);
  });

  it('the share link label and the list search', () => {
    expect(field('ShareLinkInput', 'label').maxLength).toBe(SHARE_LINK_LABEL_MAX_LENGTH);
    expect(parameters.Search?.schema.maxLength).toBe(PROPERTY_SEARCH_MAX_LENGTH);
  });

  it('a photo caption, as the file answers it, as an update sets it and as an upload sends it', () => {
    const captions = schemas.ImageCaptions as Schema & { additionalProperties: Schema };
    expect(field('PropertyFile', 'caption').maxLength).toBe(MAX_CAPTION_LENGTH);
    expect(captions.additionalProperties.maxLength).toBe(MAX_CAPTION_LENGTH);
    const uploads = ['/property/create-with-files', '/property/{id}/files'].map(
      (path) =>
        document.paths[path].post.requestBody.content['multipart/form-data'].schema.patternProperties[
          '^files\\.PropertyImages\\[\\d+\\]\\.Caption$'
        ] as Schema,
    );
    expect(uploads.map((schema) => schema.maxLength)).toEqual([MAX_CAPTION_LENGTH, MAX_CAPTION_LENGTH]);
  });
});
