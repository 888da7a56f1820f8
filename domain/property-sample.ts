/**
 * How a field's realistic sample is declared (the registry's PROPERTY_FIELD_SAMPLES,
 * property-fields.ts): what the seed draws for it, per kind where kinds differ, and how often a
 * broker answers it where the wizard asks it. The rules between fields are the registry's own
 * (`askedWhen`, `atMost`, the area roles), so a sample names another field only as a bound.
 */
import type { PropertyKind } from './property-options';

/** Values with their relative weights. */
export type Weighted<V> = readonly (readonly [V, number])[];

export type PerKind<T> = { readonly [K in PropertyKind]: T };

interface Answered {
  /** The chance a broker answers it where asked; always when absent. */
  readonly answered?: number;
}

/** A number; `Ref` is a numeric field that may bound it. */
export type NumberDraw<Ref extends string> =
  /** Evenly from the low to the high end in steps of `step` (1 when absent); the high end may be an earlier field's answer. */
  | { readonly range: readonly [number, number | Ref]; readonly step?: number }
  | { readonly pick: readonly number[] }
  | { readonly weighted: Weighted<number> }
  /** A price per m² (drawn whole) times the whole space's area (the `total` area role), rounded to `step`. */
  | { readonly perWholeArea: readonly [number, number]; readonly step: number };

/** A share of the field it may not exceed (its `atMost`), rounded to `step`, at least `least`. */
export type ShareOfCeiling = {
  readonly shareOfCeiling: readonly [number, number];
  readonly step: number;
  readonly least?: number;
};

export type TextDraw =
  | { readonly pick: readonly string[] | PerKind<readonly string[]> }
  | { readonly weighted: Weighted<string> }
  /** A street of the list and a house number, as an address is written. */
  | { readonly street: readonly string[]; readonly number: readonly [number, number] };

/** The first of a month, from the low to the high number of months ahead: availability as brokers quote it. */
export type DateDraw = { readonly monthsAhead: readonly [number, number] };

/** The chance the answer is yes. */
export type BooleanDraw = { readonly yes: number };

/** One option, evenly from a list (per kind where options are valid for a kind only) or by weight. */
export type ChoiceDraw<O> =
  | { readonly pick: readonly O[] | PerKind<readonly O[]> }
  | { readonly weighted: Weighted<O> };

export type ChoicesDraw<O> = {
  /** How many distinct options, at least and at most. */
  readonly some: readonly [number, number];
  /** The options drawn from: the field's own when absent. */
  readonly of?: readonly O[] | PerKind<readonly O[]>;
  /** An option never drawn with the others but added alone this often ("other", which asks for a text). */
  readonly rarely?: readonly [O, number];
};

/** What the whole space's area decides (a large space is offered divisible). */
export interface BySize<D> {
  /** From this area (m², the `total` area role) the `larger` draw, below it the `smaller`. */
  readonly fromArea: number;
  readonly larger: D;
  readonly smaller: D;
}

type Draw<S, Ref extends string> = Answered &
  (S extends { type: 'choices'; options: readonly (infer O)[] }
    ? ChoicesDraw<O>
    : S extends { type: 'choice'; options: readonly (infer O)[] }
      ? ChoiceDraw<O>
      : S extends { type: 'boolean' }
        ? BooleanDraw
        : S extends { type: 'text' | 'link' }
          ? TextDraw
          : S extends { type: 'date' }
            ? DateDraw
            : NumberDraw<Ref> | (S extends { atMost: object } ? ShareOfCeiling : never));

type KindsOf<S> = S extends { kinds: readonly (infer K extends PropertyKind)[] } ? K : PropertyKind;

/**
 * A field's sample: one draw for every kind, or one per kind it is asked of (each may depend on the
 * space's size; how often it is answered may be said once for all kinds). `S` is the field's
 * declaration, `Ref` the numeric fields.
 */
export type FieldSample<S, Ref extends string> =
  | Draw<S, Ref>
  | BySize<Draw<S, Ref>>
  | (Answered & { readonly byKind: { readonly [K in KindsOf<S>]: Draw<S, Ref> | BySize<Draw<S, Ref>> } });

/** Any field's sample, as the seed walks them. */
export type AnyDraw = Answered &
  Partial<
    { readonly range: readonly [number, number | string]; readonly step: number } & {
      readonly pick: readonly unknown[] | PerKind<readonly unknown[]>;
      readonly weighted: Weighted<unknown>;
      readonly perWholeArea: readonly [number, number];
      readonly shareOfCeiling: readonly [number, number];
      readonly least: number;
      readonly street: readonly string[];
      readonly number: readonly [number, number];
      readonly monthsAhead: readonly [number, number];
      readonly yes: number;
      readonly some: readonly [number, number];
      readonly of: readonly unknown[] | PerKind<readonly unknown[]>;
      readonly rarely: readonly [unknown, number];
    }
  >;
export type AnySample =
  | AnyDraw
  | BySize<AnyDraw>
  | (Answered & { readonly byKind: Partial<PerKind<AnyDraw | BySize<AnyDraw>>> });
