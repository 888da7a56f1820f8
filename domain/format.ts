/**
 * Numbers as a broker reads them, in Hebrew or English. Pure: the caller passes the language and
 * shows its own 'not available' text when a value is absent (these return null then).
 *
 * Intl output carries bidi marks (U+200F, U+200E) and no-break spaces; compare normalised text.
 */

export type FormatLanguage = 'he' | 'en';

/** Israeli conventions in both languages: he-IL, and en-IL for English (₪, comma thousands). */
const LOCALES = { he: 'he-IL', en: 'en-IL' } as const satisfies Record<FormatLanguage, string>;

/**
 * The square metre in Hebrew, as the app writes it everywhere: with the gershayim (U+05F4), the
 * typographic mark, not the ASCII double quote brokers type (docs/glossary.md). Locale texts spell
 * it the same; tests/contract/square-metre-spelling.test.ts holds code and locales to this one form.
 */
export const HEBREW_SQUARE_METRE = 'מ״ר';

const AREA_UNIT = { he: HEBREW_SQUARE_METRE, en: 'm²' } as const satisfies Record<FormatLanguage, string>;

const NO_BREAK_SPACE = '\u00a0';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(lang: FormatLanguage, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `${lang}|${JSON.stringify(options)}`;
  let cached = formatters.get(cacheKey);
  if (cached === undefined) {
    cached = new Intl.NumberFormat(LOCALES[lang], options);
    formatters.set(cacheKey, cached);
  }
  return cached;
}

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A count as a whole number with thousands separators: '1,250'. */
export function formatCount(value: number, lang: FormatLanguage): string {
  return formatter(lang, { maximumFractionDigits: 0 }).format(value);
}

/**
 * '1,250 מ״ר' / '1,250 m²' (up to two decimals). The space is a no-break space so a narrow table
 * cell never puts the unit on its own line.
 */
export function formatArea(value: number | null | undefined, lang: FormatLanguage): string | null {
  if (!usable(value)) return null;
  return `${formatter(lang, { maximumFractionDigits: 2 }).format(value)}${NO_BREAK_SPACE}${AREA_UNIT[lang]}`;
}

/** Whole shekels: '1,250,000 ₪' in Hebrew (with bidi marks), '₪1,250,000' in English. */
export function formatShekel(value: number | null | undefined, lang: FormatLanguage): string | null {
  if (!usable(value)) return null;
  return formatter(lang, { style: 'currency', currency: 'ILS', maximumFractionDigits: 0 }).format(value);
}

/**
 * A percentage given in points (83 → '83%'), as the data completion score is stored. Whole
 * percent: the score is an integer and a progress label needs no more.
 */
export function formatPercent(value: number | null | undefined, lang: FormatLanguage): string | null {
  if (!usable(value)) return null;
  return formatter(lang, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

const KIBIBYTE = 1024;
const MEBIBYTE = 1024 * KIBIBYTE;
/** Left-to-right isolate and its end: "45 kB" stays one island, in that order, inside Hebrew text. */
const LTR_ISOLATE = '\u2066';
const POP_ISOLATE = '\u2069';

/**
 * '45 kB', '2.6 MB', '15 MB' in both languages, through Intl's unit style (binary multiples, as
 * operating systems show file sizes): one decimal under 10, none above, never below 0.1. Intl's
 * Hebrew pattern puts the Latin unit first with a right-to-left mark ("kB\u200F0.1"), which shows as
 * "kB0.1" or "0.1kB" depending on its neighbours; so the number and the unit are taken from Intl's
 * parts and written number first, and in Hebrew wrapped in an LTR isolate: one island, "0.1 kB".
 */
export function formatFileSize(bytes: number, lang: FormatLanguage): string {
  const [value, unit] = bytes >= MEBIBYTE ? [bytes / MEBIBYTE, 'megabyte'] : [bytes / KIBIBYTE, 'kilobyte'];
  const shown = Math.max(value, 0.1);
  const parts = formatter(lang, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: shown < 10 ? 1 : 0,
  }).formatToParts(shown);
  const number = parts
    .filter((part) => ['integer', 'group', 'decimal', 'fraction'].includes(part.type))
    .map((part) => part.value)
    .join('');
  const unitText = parts.find((part) => part.type === 'unit')?.value ?? '';
  const text = `${number}${NO_BREAK_SPACE}${unitText}`;
  return lang === 'he' ? `${LTR_ISOLATE}${text}${POP_ISOLATE}` : text;
}
