/**
 * Dates, times, sizes and lists as the wizard shows them, with Intl in the screen's language
 * (Israeli conventions in both, as domain/format.ts does for numbers).
 */
import type { Language } from '@/i18n/i18n';

const LOCALES = { he: 'he-IL', en: 'en-IL' } as const satisfies Record<Language, string>;

/** File sizes are formatted once for the app, in domain/format.ts. */
export { formatFileSize } from '@domain/format';

/** '14:32' */
export function formatTime(epochMs: number, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit' }).format(epochMs);
}

/** '21 בנובמבר 2026 בשעה 14:32' */
export function formatDateTime(epochMs: number, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short' }).format(
    epochMs,
  );
}

/** 'JPEG, PNG או WebP' */
export function formatAlternatives(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(LOCALES[language], { type: 'disjunction' }).format(items);
}
