import type { PropertyFieldKey } from '@domain/property-fields';
import { ChoiceChips } from './choice-chips';
import { useRegistryAnswer } from './use-registry-answer';

/** "None" excludes every other answer: choosing it clears them, choosing another clears it. */
export function exclusiveNone<T extends string>(previous: readonly T[], next: T[]): T[] {
  const added = next.filter((value) => !previous.includes(value));
  if (added.includes('none' as T)) return ['none' as T];
  if (added.length > 0) return next.filter((value) => value !== 'none');
  return next;
}

/**
 * Choices where "none" is an answer of its own (the registry's `wizard.input` 'noneExcludes'). Marked
 * required: "none" answers it, so publishing asks for an answer through its own rule in
 * wizard-rules.ts rather than through `required`.
 */
export function NoneExcludesChips({ field }: { field: PropertyFieldKey }) {
  const { spec, value, edit, error, touch } = useRegistryAnswer(field);
  const chosen = value as string[];
  return (
    <ChoiceChips
      field={field}
      options={spec.options ?? []}
      required
      value={chosen}
      error={error}
      onChange={(next) => {
        edit(exclusiveNone(chosen, next));
        touch();
      }}
    />
  );
}
