import { readdirSync, readFileSync } from 'node:fs';
import { fieldSpec, type PropertyFieldKey } from '@domain/property-fields';
import { PROPERTY_SORTS } from '@domain/property-list-tables';
import { describe, expect, it } from 'vitest';
import { properties } from '../../server/db/schema';

const MIGRATIONS = 'server/db/migrations';
const migrations = readdirSync(MIGRATIONS)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => readFileSync(`${MIGRATIONS}/${file}`, 'utf8'))
  .join('\n');

describe('the list’s sorts, derived from the registry’s `sort` flags', () => {
  it('each have an index of the owner’s live rows in the migrations, read in the sort’s order', () => {
    const unindexed = Object.entries(PROPERTY_SORTS)
      .map(([sort, field]) => [sort, properties[field].name] as const)
      .filter(
        ([, column]) =>
          !new RegExp(
            `CREATE INDEX "properties_owner_sort_\\w+_idx" ON "properties" USING btree \\("owner_id","${column}","id"[^)]*\\) WHERE "properties"\\."deleted_at" IS NULL`,
          ).test(migrations),
      )
      .map(([sort]) => sort);

    expect(Object.keys(PROPERTY_SORTS).length).toBeGreaterThan(2);
    expect(unindexed).toEqual([]);
  });

  it('each sort a registry field of a kind the list’s cursor reads back: a number, a day or a bounded text', () => {
    const unreadable = Object.values(PROPERTY_SORTS)
      .filter((field) => field !== 'updatedAt' && field !== 'dataCompletion')
      .filter((field) => {
        const spec = fieldSpec(field as PropertyFieldKey);
        if (spec.type === 'text') return spec.maxLength === undefined;
        return !['number', 'integer', 'date'].includes(spec.type);
      });

    expect(unreadable).toEqual([]);
  });
});
