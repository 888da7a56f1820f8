import { readFileSync } from 'node:fs';
import { type FieldSpec, PROPERTY_FIELD_KEYS, PROPERTY_FIELDS } from '@domain/property-fields';
import { MEDIA_INPUT_FIELDS } from '@domain/property-form';
import {
  PROPERTY_RANGE_KEYS,
  PROPERTY_RANGE_LIMITS,
  PROPERTY_RANGE_PARAMS,
  PROPERTY_SORT_KEYS,
} from '@domain/property-list-query';
import { LISTED_FIELDS, PROPERTY_RANGE_FILTERS, PROPERTY_SORTS } from '@domain/property-list-tables';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
};
const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8'));
const schemas = document.components.schemas as Record<string, Schema>;

function resolve(schema: Schema): Schema {
  return schema.$ref ? resolve(schemas[schema.$ref.replace('#/components/schemas/', '')] as Schema) : schema;
}

/** What a field's schema says, in the registry's terms, limits included. */
function describeSchema(raw: Schema) {
  const schema = resolve(raw);
  if (schema.oneOf) {
    const [value, nothing] = schema.oneOf.map(resolve);
    expect(nothing?.type).toBe('null');
    return { type: 'choice', options: value?.enum };
  }
  if (schema.type === 'array') {
    return { type: 'choices', options: resolve(schema.items ?? {}).enum, maxItems: schema.maxItems };
  }
  const types = [schema.type].flat();
  expect(types, 'every field may be unanswered (null)').toContain('null');
  const type = types.find((entry) => entry !== 'null');
  const kind =
    type === 'string'
      ? schema.format === 'date'
        ? 'date'
        : schema.format === 'uri'
          ? 'link'
          : 'text'
      : (type as string);
  return {
    type: kind,
    maxLength: schema.maxLength,
    min: schema.minimum,
    exclusiveMin: schema.exclusiveMinimum,
    max: schema.maximum,
  };
}

/** The registry entry in the same terms. */
function describeSpec(spec: FieldSpec, withLimits: boolean) {
  if (spec.type === 'choice') return { type: 'choice', options: [...(spec.options ?? [])] };
  if (spec.type === 'choices') {
    return {
      type: 'choices',
      options: [...(spec.options ?? [])],
      maxItems: withLimits ? spec.maxItems : undefined,
    };
  }
  return {
    type: spec.type,
    maxLength: withLimits ? spec.maxLength : undefined,
    min: withLimits ? spec.min : undefined,
    exclusiveMin: withLimits ? spec.exclusiveMin : undefined,
    max: withLimits ? spec.max : undefined,
  };
}

const INPUT_ONLY = ['status', 'wizardStep', 'imageCaptions', ...Object.values(MEDIA_INPUT_FIELDS)];
const PROPERTY_ONLY = [
  'id',
  'status',
  'wizardStep',
  'activePublications',
  'hasEngagements',
  'dataCompletion',
  'files',
  'createdAt',
  'updatedAt',
  'deletedAt',
];

describe('the field registry against openapi/openapi.yaml', () => {
  it('PropertyInput has exactly the registry fields besides status, step and file ids', () => {
    const names = Object.keys(schemas.PropertyInput?.properties ?? {}).filter(
      (name) => !INPUT_ONLY.includes(name),
    );
    expect(names.sort()).toEqual([...PROPERTY_FIELD_KEYS].sort());
  });

  it('Property has and requires exactly the registry fields besides its record fields', () => {
    const property = schemas.Property as Schema;
    const names = Object.keys(property.properties ?? {}).filter((name) => !PROPERTY_ONLY.includes(name));
    expect(names.sort()).toEqual([...PROPERTY_FIELD_KEYS].sort());
    const required = (property.required ?? []).filter((name) => !PROPERTY_ONLY.includes(name));
    expect(required.sort()).toEqual([...PROPERTY_FIELD_KEYS].sort());
  });

  it.each(PROPERTY_FIELD_KEYS)(
    '%s: PropertyInput takes the type, options and limits the registry declares',
    (key) => {
      const schema = schemas.PropertyInput?.properties?.[key] as Schema;
      expect(describeSchema(schema)).toEqual(describeSpec(PROPERTY_FIELDS[key], true));
    },
  );

  it.each(PROPERTY_FIELD_KEYS)('%s: Property returns the type and options the registry declares', (key) => {
    const schema = schemas.Property?.properties?.[key] as Schema;
    expect(describeSchema(schema)).toEqual(describeSpec(PROPERTY_FIELDS[key], false));
  });
});

describe('the list’s tables, derived from the registry, against the contract', () => {
  const parameters = document.components.parameters as Record<
    string,
    { name: string; schema: { enum?: string[]; maximum?: number } }
  >;
  const byName = (name: string) => Object.values(parameters).find((parameter) => parameter.name === name);

  it('offers exactly the sorts the registry flags, plus the last update and completion', () => {
    expect([...(byName('sort')?.schema.enum ?? [])].sort()).toEqual([...PROPERTY_SORT_KEYS].sort());
  });

  it('has both bounds of every range the registry flags, up to the field’s own maximum', () => {
    for (const param of PROPERTY_RANGE_PARAMS) {
      const range = param.replace(/M(in|ax)$/, '') as keyof typeof PROPERTY_RANGE_LIMITS;
      expect(byName(param)?.schema.maximum, param).toBe(PROPERTY_RANGE_LIMITS[range]);
    }
  });

  it('names in the address exactly the sorts and ranges the registry derives', () => {
    expect(PROPERTY_SORT_KEYS).toEqual(Object.keys(PROPERTY_SORTS));
    expect(PROPERTY_RANGE_KEYS).toEqual(Object.keys(PROPERTY_RANGE_FILTERS));
    for (const range of PROPERTY_RANGE_KEYS) {
      expect(PROPERTY_RANGE_LIMITS[range], range).toBe(PROPERTY_FIELDS[PROPERTY_RANGE_FILTERS[range]].max);
    }
  });

  it('carries every listed field in a list row', () => {
    const item = schemas.PropertyListItem as Schema;
    for (const field of LISTED_FIELDS) expect(item.required, field).toContain(field);
  });
});

describe('the registry’s relations between fields', () => {
  it('holds a number only within another number of the same type, and of the same unit where it has one', () => {
    const related = PROPERTY_FIELD_KEYS.filter((key) => (PROPERTY_FIELDS[key] as FieldSpec).atMost);
    expect(related.length).toBeGreaterThan(0);
    for (const key of related) {
      const spec: FieldSpec = PROPERTY_FIELDS[key];
      const ceiling = spec.atMost?.field as (typeof PROPERTY_FIELD_KEYS)[number];
      expect(PROPERTY_FIELD_KEYS, key).toContain(ceiling);
      expect(['number', 'integer'], key).toContain(spec.type);
      expect((PROPERTY_FIELDS[ceiling] as FieldSpec).type, key).toBe(spec.type);
      // A floor has no unit of its own; it is counted against the building's floors.
      if (spec.unit !== undefined) expect((PROPERTY_FIELDS[ceiling] as FieldSpec).unit, key).toBe(spec.unit);
    }
  });
});
