import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_FILE,
  generateContract,
  generateListFilterFields,
  generateListingNames,
  generateListNames,
  LIST_FILTER_FIELDS_FILE,
  LIST_NAMES_FILE,
  LISTING_NAMES_FILE,
} from '../../scripts/gen/property-registry.generator';

// On failure: run `npm run gen` and commit the result (a hand edit inside a generated region is undone).
describe('what npm run gen derives from the field registry', () => {
  it('openapi.yaml’s property fields and sort keys are what the generator writes today', () => {
    const contract = readFileSync(CONTRACT_FILE, 'utf8');
    expect(contract).toBe(generateContract(contract));
  });

  it('the first load’s sort keys and listed areas are what the generator writes today', () => {
    expect(readFileSync(LIST_NAMES_FILE, 'utf8')).toBe(generateListNames());
  });

  it('the filters panel’s fields and units are what the generator writes today', () => {
    expect(readFileSync(LIST_FILTER_FIELDS_FILE, 'utf8')).toBe(generateListFilterFields());
  });

  it('the fields a listing is named by are what the generator writes today', () => {
    expect(readFileSync(LISTING_NAMES_FILE, 'utf8')).toBe(generateListingNames());
  });

  it('notices a hand edit inside a generated region', () => {
    const contract = readFileSync(CONTRACT_FILE, 'utf8');
    const edited = contract.replace(
      /(\n\s+totalArea: \{ type: \[number, 'null'\]), exclusiveMinimum: 0/,
      '$1',
    );
    expect(edited).not.toBe(contract);
    expect(generateContract(edited)).toBe(contract);
  });

  it('refuses a document whose region has lost its end marker', () => {
    const contract = readFileSync(CONTRACT_FILE, 'utf8');
    const broken = contract.replace('# <<< end of generated: Property fields', '');
    expect(() => generateContract(broken)).toThrow(/"Property fields" has no end marker/);
  });
});
