/**
 * A property's answers drawn from the registry (domain/property-fields.ts): each field in the
 * table's order, from its sample for the row's kind, where the wizard would ask it. The rules between
 * fields are the registry's: a field asked only when another answer holds (`askedWhen`), one that may
 * not exceed another (`atMost`), a price over the whole space's area (its area roles). Nothing here
 * names a field, so a new field needs only its declaration and its sample.
 */
import { TOTAL_AREA_FIELD } from '@domain/property-areas';
import {
  chosenKind,
  emptyValue,
  type FieldSpec,
  fieldSpec,
  isAsked,
  PROPERTY_FIELD_KEYS,
  PROPERTY_FIELD_SAMPLES,
  type PropertyFieldKey,
  type PropertyFieldValues,
} from '@domain/property-fields';
import type { PropertyKind } from '@domain/property-options';
import type { AnyDraw, AnySample, PerKind } from '@domain/property-sample';

/** Random choices from one seeded source. Made once per run: closures made per row cost more than the rows. */
export interface Dice {
  random: () => number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
  between(low: number, high: number): number;
  /** `min` to `max` distinct items in random order (a partial Fisher-Yates shuffle). */
  some<T>(list: readonly T[], min: number, max: number): T[];
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
}

export function createDice(seed: number): Dice {
  const random = mulberry32(seed);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  return {
    random,
    between,
    pick: (list) => list[Math.floor(random() * list.length)] as (typeof list)[number],
    chance: (probability) => random() < probability,
    some<T>(list: readonly T[], min: number, max: number): T[] {
      const copy = [...list];
      const size = between(min, Math.min(max, copy.length));
      for (let i = 0; i < size; i++) {
        const j = i + Math.floor(random() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, size);
    },
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = random() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return (entries.at(-1) as readonly [T, number])[0];
    },
  };
}

/** A small seeded PRNG: the same seed gives the same portfolio. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SAMPLES: Readonly<Record<PropertyFieldKey, AnySample>> = PROPERTY_FIELD_SAMPLES;

/** The fields a field's draw reads: the answer it is asked after, its ceiling, its range's bound, the whole area. */
function readsOf(key: PropertyFieldKey): string[] {
  const spec = fieldSpec(key);
  const sample = SAMPLES[key];
  const draws = 'byKind' in sample ? Object.values(sample.byKind) : [sample];
  const reads = [spec.askedWhen?.field, spec.atMost?.field];
  for (const draw of draws) {
    if (draw === undefined) continue;
    if ('fromArea' in draw || (draw as AnyDraw).perWholeArea) reads.push(TOTAL_AREA_FIELD);
    const top = 'range' in draw ? draw.range?.[1] : undefined;
    if (typeof top === 'string') reads.push(top);
  }
  return reads.filter((field) => field !== undefined);
}

/** Where a field's draw reads an answer declared after it (drawn in this order, it would read nothing). */
export function drawOrderProblems(order: readonly PropertyFieldKey[] = PROPERTY_FIELD_KEYS): string[] {
  return order.flatMap((key, index) =>
    readsOf(key)
      .filter((field) => !order.slice(0, index).includes(field as PropertyFieldKey))
      .map((field) => `${key}'s sample reads ${field}, which comes after it`),
  );
}

const ORDER_PROBLEMS = drawOrderProblems();
if (ORDER_PROBLEMS.length > 0) throw new Error(ORDER_PROBLEMS.join('; '));

/** Each field with its declaration and sample, looked up once rather than per row. */
const FIELDS = PROPERTY_FIELD_KEYS.map((key) => ({ key, spec: fieldSpec(key), sample: SAMPLES[key] }));

/** Every field's answer, drawn in the registry's order so the answers a field depends on come first. */
export function drawValues(dice: Dice, now: Date): PropertyFieldValues {
  const values: Record<string, unknown> = {};
  for (const { key, spec, sample } of FIELDS) {
    if (!isAsked(key, values)) {
      values[key] = emptyValue(key);
      continue;
    }
    const kind = chosenKind(values);
    const draw = drawFor(sample, kind, values);
    const chance = draw.answered ?? ('byKind' in sample ? sample.answered : undefined);
    const answered = chance === undefined || dice.chance(chance);
    values[key] = answered ? drawAnswer(dice, spec, draw, kind, values, now) : emptyValue(key);
  }
  return values as PropertyFieldValues;
}

/** The draw for this row: its kind's, then by the whole space's size. */
function drawFor(sample: AnySample, kind: PropertyKind | null, values: Record<string, unknown>): AnyDraw {
  let chosen = sample;
  if ('byKind' in chosen) {
    const forKind = kind === null ? undefined : chosen.byKind[kind];
    if (forKind === undefined) throw new Error(`no sample for kind ${kind}`);
    chosen = forKind;
  }
  if ('fromArea' in chosen) {
    return ((values[TOTAL_AREA_FIELD] as number | null) ?? 0) >= chosen.fromArea
      ? chosen.larger
      : chosen.smaller;
  }
  return chosen as AnyDraw;
}

function drawAnswer(
  dice: Dice,
  spec: FieldSpec,
  draw: AnyDraw,
  kind: PropertyKind | null,
  values: Record<string, unknown>,
  now: Date,
): unknown {
  if (draw.weighted) return dice.weighted(draw.weighted);
  if (draw.pick) return dice.pick(forKind(draw.pick, kind));
  if (draw.yes !== undefined) return dice.chance(draw.yes);
  if (draw.range) {
    const [low, top] = draw.range;
    const high = typeof top === 'number' ? top : (values[top] as number | null);
    if (high === null) return null;
    const step = draw.step ?? 1;
    return low + step * dice.between(0, Math.floor((high - low) / step));
  }
  if (draw.perWholeArea) {
    const area = values[TOTAL_AREA_FIELD] as number | null;
    if (area === null) return null;
    return roundTo(area * dice.between(...draw.perWholeArea), draw.step ?? 1);
  }
  if (draw.shareOfCeiling) {
    const ceiling = spec.atMost ? (values[spec.atMost.field] as number | null) : null;
    if (ceiling === null) return null;
    const [low, high] = draw.shareOfCeiling;
    const step = draw.step ?? 1;
    const share = roundTo(ceiling * (low + dice.random() * (high - low)), step);
    return Math.min(Math.max(share, draw.least ?? step), ceiling);
  }
  if (draw.street && draw.number) return `${dice.pick(draw.street)} ${dice.between(...draw.number)}`;
  if (draw.monthsAhead) {
    const month = now.getUTCMonth() + dice.between(...draw.monthsAhead);
    return new Date(Date.UTC(now.getUTCFullYear(), month, 1)).toISOString().slice(0, 10);
  }
  if (draw.some) {
    const [rare, rareChance] = draw.rarely ?? [undefined, 0];
    const options = forKind(draw.of ?? spec.options ?? [], kind).filter((option) => option !== rare);
    const chosen: unknown[] = dice.some(options, ...draw.some);
    if (rare !== undefined && dice.chance(rareChance)) chosen.push(rare);
    return chosen;
  }
  throw new Error(`a sample the seed cannot draw: ${JSON.stringify(draw)}`);
}

function forKind<T>(
  list: readonly T[] | Partial<PerKind<readonly T[]>>,
  kind: PropertyKind | null,
): readonly T[] {
  if (Array.isArray(list)) return list;
  const ofKind = kind === null ? undefined : (list as Partial<PerKind<readonly T[]>>)[kind];
  if (ofKind === undefined) throw new Error(`no options for kind ${kind}`);
  return ofKind;
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}
