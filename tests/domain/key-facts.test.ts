import { fieldSpec, KEY_FACT_FIELDS } from '@domain/property-fields';
import { describe, expect, it } from 'vitest';

/** The view page's key-facts grid and the client's revealed page read the registry's `keyFact` ranks. */
describe('the key facts', () => {
  it('are ranked 1 to n without a gap or a tie, so their order is the one declared', () => {
    const ranks = KEY_FACT_FIELDS.map((field) => fieldSpec(field).keyFact);
    expect(ranks).toEqual(KEY_FACT_FIELDS.map((_, index) => index + 1));
  });

  it('are single answers, each read out as one value in the grid', () => {
    for (const field of KEY_FACT_FIELDS) expect(fieldSpec(field).type, field).not.toBe('choices');
  });
});
