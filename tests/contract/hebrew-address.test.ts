import { describe, expect, it } from 'vitest';
import { heResources } from '@/i18n/resources';
import { ERROR_MESSAGES } from '../../server/http/error-messages';

/**
 * How the Hebrew texts speak to brokers (docs/glossary.md, "Form of address"): in the plural ("הזינו",
 * "נסו"), never with slash forms ("את/ה", "מאשר/ת"), never in the singular, and with progress texts that
 * name no gender ("בשמירה…", not "שומר…").
 */
type Texts = { [key: string]: string | Texts };

function entries(texts: Texts, path: string[] = []): Array<[string, string]> {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[[...path, key].join('.'), value] as [string, string]]
      : entries(value, [...path, key]),
  );
}

const all = [
  ...Object.entries(heResources).flatMap(([namespace, texts]) => entries(texts as Texts, [namespace])),
  // The server's error messages are read in the same screens.
  ...Object.entries(ERROR_MESSAGES).map(
    ([code, message]) => [`server.${code}`, message.he] as [string, string],
  ),
];
const HEBREW = '\\u05D0-\\u05EA';
const word = (words: readonly string[]) => new RegExp(`(?<![${HEBREW}])(${words.join('|')})(?![${HEBREW}])`);

/** A Hebrew word, a slash and a one- or two-letter ending: את/ה, מאשר/ת, מסכים/ה, רכז/ת. */
const SLASH_FORM = new RegExp(`[${HEBREW}]+/[${HEBREW}]{1,2}(?![${HEBREW}])`);
/** Second person singular, and singular imperatives, that the texts once had or easily get. */
const SINGULAR = word([
  'אתה',
  'לך',
  'שלך',
  'אותך',
  'איתך',
  'עבורך',
  'זהותך',
  'קיבלת',
  'התחלת',
  'סיימת',
  'נרשמת',
  'מסרת',
  'הזן',
  'הזיני',
  'בחר',
  'בחרי',
  'לחץ',
  'לחצי',
  'נסה',
  'נסי',
  'הקלד',
  'הוסף',
  'בדוק',
]);
/** A verb in the present tense, which has a gender, as a progress text ("שומר…", "טוען את הנכסים…"). */
const GENDERED_PROGRESS = new RegExp(
  `${word(['שומר', 'שומרת', 'טוען', 'טוענת', 'מעלה', 'מעלה', 'שולח', 'שולחת', 'מוחק', 'מפרסם', 'מחפש']).source}[^.]*…`,
);

describe('the Hebrew texts', () => {
  it.each([
    ['no slash forms', SLASH_FORM],
    ['no singular form of address', SINGULAR],
    ['no gendered progress texts', GENDERED_PROGRESS],
  ])('use %s', (_, pattern) => {
    expect(all.filter(([, text]) => pattern.test(text))).toEqual([]);
  });

  it('say the time a draft was saved as "נשמר בשעה 16:32"', () => {
    expect(heResources.wizard.status.savedAt).toBe('נשמר בשעה {{time}}');
  });

  it('catch what they are meant to catch', () => {
    expect(SLASH_FORM.test('בהרשמה את/ה מאשר/ת')).toBe(true);
    expect(SLASH_FORM.test('אבטחה 24/7')).toBe(false);
    expect(SINGULAR.test('עדיין אין לך חשבון?')).toBe(true);
    expect(SINGULAR.test('עדיין אין לכם חשבון?')).toBe(false);
    expect(GENDERED_PROGRESS.test('שומר…')).toBe(true);
    expect(GENDERED_PROGRESS.test('שומר בכניסה')).toBe(false);
  });
});
