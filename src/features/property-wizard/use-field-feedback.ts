import type { PropertyForm } from '@domain/property-form';
import type { PropertyFieldKey } from '@domain/property-values';
import { FIELD_STEP, type FieldProblem, formProblems } from '@domain/wizard-rules';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from './wizard-problems';

export interface FieldFeedback {
  problems: FieldProblem[];
  /** The message to show under a field, once the broker touched it or tried to leave its step. */
  errorOf(field: PropertyFieldKey): string | undefined;
  touch(field: PropertyFieldKey): void;
  /** "Next" (or publish) was pressed: every problem of these steps shows. */
  attempt(steps: readonly number[]): void;
  reset(): void;
}

/** Field errors stay quiet on first render and while a field is untouched (spec 5: errors show once triggered). */
export function useFieldFeedback(form: PropertyForm): FieldFeedback {
  const { t, i18n } = useTranslation('wizard');
  const [touched, setTouched] = useState<ReadonlySet<PropertyFieldKey>>(() => new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<number>>(() => new Set());
  const problems = useMemo(() => formProblems(form), [form]);

  const touch = useCallback((field: PropertyFieldKey) => {
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));
  }, []);

  const attempt = useCallback((steps: readonly number[]) => {
    setAttempted((previous) =>
      steps.every((step) => previous.has(step)) ? previous : new Set([...previous, ...steps]),
    );
  }, []);

  const reset = useCallback(() => {
    setTouched(new Set());
    setAttempted(new Set());
  }, []);

  const errorOf = useCallback(
    (field: PropertyFieldKey) => {
      if (!touched.has(field) && !attempted.has(FIELD_STEP[field])) return undefined;
      const problem = problems.find((candidate) => candidate.field === field);
      return problem ? problemMessage(problem, t, i18n.language === 'en' ? 'en' : 'he') : undefined;
    },
    [touched, attempted, problems, t, i18n.language],
  );

  return { problems, errorOf, touch, attempt, reset };
}
