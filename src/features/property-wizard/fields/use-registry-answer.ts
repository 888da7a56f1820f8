import { chosenKind, fieldSpec, isRequired, type PropertyFieldKey } from '@domain/property-fields';
import { useFieldWords } from '@/i18n/field-words';
import { useWizard } from '../wizard-context';

/**
 * A registry field's answer in the wizard's form, read and written through its `section`, with its
 * words, its error and whether publishing needs it: what every input drawn from the registry shares.
 */
export function useRegistryAnswer(field: PropertyFieldKey) {
  const { form, editGeneral, editBuilding, editEnvironment, feedback, language } = useWizard();
  const spec = fieldSpec(field);
  const value = (form[spec.section] as Record<string, unknown>)[field];
  const edit = (next: unknown) => {
    const change = { [field]: next };
    if (spec.section === 'generalInfo') editGeneral(change);
    else if (spec.section === 'buildingDetails') editBuilding(change);
    else editEnvironment(change);
  };
  const words = useFieldWords()(field);
  const required = isRequired(field, { ...form.generalInfo, ...form.buildingDetails });
  return {
    spec,
    value,
    edit,
    words,
    required,
    error: feedback.errorOf(field),
    touch: () => feedback.touch(field),
    kind: chosenKind(form.generalInfo),
    language,
  };
}
