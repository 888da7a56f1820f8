import {
  fieldSpec,
  fieldsWhere,
  isAsked,
  PROPERTY_FIELD_KEYS,
  PROPERTY_FIELD_SAMPLES,
  type PropertyFieldSamples,
} from '@domain/property-fields';
import { isFilled } from '@domain/property-values';
import { describe, expect, it } from 'vitest';
import { createDice, drawOrderProblems, drawValues } from '../../scripts/seed-values';

const NOW = new Date('2026-11-01T00:00:00Z');
const draw = (seed: number, count: number) => {
  const dice = createDice(seed);
  return Array.from({ length: count }, () => drawValues(dice, NOW));
};

describe('the seed’s values, drawn from the field registry', () => {
  const rows = draw(42, 3000);

  it('draws the same properties for the same seed and others for another', () => {
    expect(draw(42, 50)).toEqual(rows.slice(0, 50));
    expect(draw(43, 50)).not.toEqual(rows.slice(0, 50));
  });

  it('answers every field of the registry in some property', () => {
    const neverAnswered = PROPERTY_FIELD_KEYS.filter((key) => !rows.some((values) => isFilled(values[key])));

    expect(neverAnswered).toEqual([]);
  });

  it('answers a field only where the wizard asks it (its kinds, the answer it follows)', () => {
    const answeredUnasked = rows.flatMap((values) =>
      PROPERTY_FIELD_KEYS.filter((key) => isFilled(values[key]) && !isAsked(key, values)),
    );

    expect(answeredUnasked).toEqual([]);
  });

  it('keeps a number within the field it may not exceed and within its sample’s bound', () => {
    const bounded = fieldsWhere((spec) => spec.atMost !== undefined);
    expect(bounded.length).toBeGreaterThan(0);
    const overCeiling = rows.flatMap((values) =>
      bounded.filter((key) => {
        const ceiling = values[fieldSpec(key).atMost?.field as typeof key] as number | null;
        return values[key] !== null && ceiling !== null && (values[key] as number) > ceiling;
      }),
    );
    expect(overCeiling).toEqual([]);
    const [, bound] = PROPERTY_FIELD_SAMPLES.floor.byKind.offices.range;
    const offices = rows.filter((values) => values.propertyKind === 'offices');
    expect(offices.filter((values) => (values.floor as number) > (values[bound] as number))).toEqual([]);
  });

  it('draws numbers on their sample’s steps and within their declared bounds', () => {
    const numeric = fieldsWhere((spec) => spec.type === 'number' || spec.type === 'integer');
    const outOfBounds = rows.flatMap((values) =>
      numeric.flatMap((key) => {
        const value = values[key] as number | null;
        const { min, max, exclusiveMin } = fieldSpec(key);
        const within =
          value === null ||
          ((min === undefined || value >= min) &&
            (max === undefined || value <= max) &&
            (exclusiveMin === undefined || value > exclusiveMin));
        return within ? [] : [`${key} ${value}`];
      }),
    );

    expect(outOfBounds).toEqual([]);
    expect(rows.filter((values) => values.totalArea !== null && values.totalArea % 10 !== 0)).toEqual([]);
    expect(
      rows.filter((values) => values.clearHeight !== null && (values.clearHeight * 2) % 1 !== 0),
    ).toEqual([]);
  });

  it('refuses an order in which a field’s draw reads an answer not yet drawn', () => {
    expect(drawOrderProblems()).toEqual([]);
    expect(drawOrderProblems([...PROPERTY_FIELD_KEYS].reverse())).toContain(
      "marketingArea's sample reads totalArea, which comes after it",
    );
  });

  it('needs a sample for every field of the registry', () => {
    const { onsiteAmenities: _left, ...withoutOne } = PROPERTY_FIELD_SAMPLES;
    // @ts-expect-error a registry field without a sample does not compile
    const incomplete: PropertyFieldSamples = withoutOne;

    expect(Object.keys(incomplete)).toHaveLength(PROPERTY_FIELD_KEYS.length - 1);
  });
});
