import {
  type FieldSpec,
  fieldsOfWizardGroup,
  KIND_FIELD,
  PROPERTY_FIELD_KEYS,
  PROPERTY_FIELDS,
  WIZARD_GROUPS,
  type WizardGroup,
  wizardGroupsOfStep,
} from '@domain/property-fields';
import { PROPERTY_KINDS } from '@domain/property-options';
import { FIELD_ERROR_KEYS } from '@domain/wizard-rules';
import { describe, expect, it } from 'vitest';

/**
 * The rules and the wizard's layout are declarations on the registry's fields (task "steps"): a
 * declaration that names no field, or a value its field cannot take, would drop its rule or its
 * question without a word, so each is held here to the fields it names.
 */
const specs = PROPERTY_FIELD_KEYS.map((key) => [key, PROPERTY_FIELDS[key] as FieldSpec] as const);
const specOf = (key: string): FieldSpec | undefined => (PROPERTY_FIELDS as Record<string, FieldSpec>)[key];

/** The values a field's answer can take, as `askedWhen` compares them. */
function valuesOf(spec: FieldSpec): readonly unknown[] {
  if (spec.type === 'boolean') return [true, false];
  return spec.options ?? [];
}

describe('the declarations that relate one field to another', () => {
  it('asks a question only after an answer of an earlier field that can take the value it names', () => {
    const dependent = specs.filter(([, spec]) => spec.askedWhen !== undefined);
    expect(dependent.length).toBeGreaterThan(0);
    for (const [key, spec] of dependent) {
      const when = spec.askedWhen;
      const on = specOf(when?.field ?? '');
      expect(on, key).toBeDefined();
      // Asked after what it depends on: the same step or a later one, later in the registry's order.
      expect(PROPERTY_FIELD_KEYS.indexOf(when?.field as never), key).toBeLessThan(
        PROPERTY_FIELD_KEYS.indexOf(key),
      );
      const conditions = [when?.is, when?.isNot, when?.includes].filter((value) => value !== undefined);
      expect(conditions, key).toHaveLength(1);
      expect(valuesOf(on ?? (spec as FieldSpec)), key).toContain(conditions[0]);
      if (when?.includes !== undefined) expect(on?.type, key).toBe('choices');
      if (when?.unasked !== undefined) expect(FIELD_ERROR_KEYS, key).toContain(when.unasked);
    }
  });

  it('holds a number within another that the registry has, with an error the rules can say', () => {
    for (const [key, spec] of specs.filter(([, spec]) => spec.atMost !== undefined)) {
      expect(PROPERTY_FIELD_KEYS, key).toContain(spec.atMost?.field);
      expect(FIELD_ERROR_KEYS, key).toContain(spec.atMost?.error);
    }
  });

  it('chooses the kind in one field, the one every kind-dependent rule reads', () => {
    const choosing = specs.filter(([, spec]) => spec.options === PROPERTY_KINDS).map(([key]) => key);

    expect(choosing).toEqual([KIND_FIELD]);
  });

  it('reads a zero as a word only of a number that can be zero', () => {
    const zeroWords = specs.filter(([, spec]) => spec.zeroReadsAs !== undefined);
    expect(zeroWords.length).toBeGreaterThan(0);
    for (const [key, spec] of zeroWords) {
      expect(['number', 'integer'], key).toContain(spec.type);
      expect(spec.min ?? 0, key).toBeLessThanOrEqual(0);
      expect(spec.exclusiveMin, key).toBeUndefined();
    }
  });

  it("offers each kind only options of the field's own list, and no kind it is not asked of", () => {
    const byKind = specs.filter(([, spec]) => spec.optionsByKind !== undefined);
    expect(byKind.length).toBeGreaterThan(0);
    for (const [key, spec] of byKind) {
      for (const kind of PROPERTY_KINDS) {
        const offered = spec.optionsByKind?.[kind] ?? [];
        for (const option of offered) expect(spec.options, `${key} ${kind}`).toContain(option);
        if (spec.kinds !== undefined && !spec.kinds.includes(kind))
          expect(offered, `${key} ${kind}`).toEqual([]);
        else expect(offered.length, `${key} ${kind}`).toBeGreaterThan(0);
      }
    }
  });

  it('requires of some kinds only kinds the field is asked of', () => {
    for (const [key, spec] of specs.filter(([, spec]) => spec.requiredKinds !== undefined)) {
      expect(spec.required, key).toBe(true);
      for (const kind of spec.requiredKinds ?? []) expect(spec.kinds ?? PROPERTY_KINDS, key).toContain(kind);
    }
  });
});

describe("the wizard's layout of steps 2 and 3", () => {
  it('draws every question of steps 2 and 3 in a group of its own step, and no other', () => {
    for (const [key, spec] of specs) {
      if (spec.step === 2 || spec.step === 3) {
        expect(spec.wizard, key).toBeDefined();
        expect(WIZARD_GROUPS[spec.wizard?.group as WizardGroup].step, key).toBe(spec.step);
      } else {
        expect(spec.wizard, key).toBeUndefined();
      }
    }
  });

  it('draws each question once, every group with a question, in an order no two share', () => {
    const drawn = ([2, 3] as const).flatMap((step) => wizardGroupsOfStep(step).flatMap(fieldsOfWizardGroup));
    expect([...drawn].sort()).toEqual(
      PROPERTY_FIELD_KEYS.filter((key) => [2, 3].includes(PROPERTY_FIELDS[key].step)).sort(),
    );
    for (const group of Object.keys(WIZARD_GROUPS) as WizardGroup[]) {
      const fields = fieldsOfWizardGroup(group);
      expect(fields.length, group).toBeGreaterThan(0);
      const orders = fields.map((key) => specOf(key)?.wizard?.order).filter((order) => order !== undefined);
      expect(new Set(orders).size, group).toBe(orders.length);
      // A group orders all its questions or none, so a new one cannot slip in at an unmeant place.
      expect([0, fields.length], group).toContain(orders.length);
    }
  });

  it("gives a kind's options only to a field that declares them", () => {
    for (const [key, spec] of specs.filter(([, spec]) => spec.wizard?.input === 'kindOptions')) {
      expect(spec.optionsByKind, key).toBeDefined();
    }
  });
});
