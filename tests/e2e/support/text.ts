import type { Language } from '@/i18n/i18n';
import { enResources, heResources } from '@/i18n/resources';

/**
 * The app's own translations, so a journey finds a button by the words a broker sees on it in
 * either language (`tr(lang).auth.login.submit`).
 */
export function tr(lang: Language): typeof heResources {
  return lang === 'he' ? heResources : (enResources as typeof heResources);
}

/** Fills `{{name}}` placeholders the way i18next does. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** A string as a whole-text, case-sensitive pattern, for names built around a variable part. */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Each field's label by its key (`fields:<field>.label`), for a journey that reads many at once. */
export function fieldLabels(t: typeof heResources): Record<keyof typeof heResources.fields, string> {
  return Object.fromEntries(Object.entries(t.fields).map(([field, words]) => [field, words.label])) as Record<
    keyof typeof heResources.fields,
    string
  >;
}
