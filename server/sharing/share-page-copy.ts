import type { FormatLanguage } from '@domain/format';
import { localeLabels, readLocaleTexts } from '../locale-texts';

/**
 * The share page's own words. Option and field labels are not repeated here: they are read once
 * from the app's locale files (src/i18n/locales), so a renamed option reads the same in the app
 * and on the page. Read as data, not imported: the server never imports src/.
 */
export const SHARE_PAGE_COPY = {
  he: {
    otherLanguage: 'English',
    keyFacts: 'פרטים עיקריים',
    terms: 'תנאי עסקה',
    building: 'הבניין והסביבה',
    gallery: 'תמונות',
    documents: 'מסמכים',
    contact: 'לפרטים נוספים',
    call: 'התקשרו',
    whatsapp: 'WhatsApp',
    whatsappText: 'שלום, אשמח לפרטים על הנכס: {{title}}',
    photoAlt: 'תמונה {{index}} מתוך {{count}}: {{title}}',
    coverAlt: 'תמונת הנכס: {{title}}',
    perMonth: '{{amount}} לחודש',
    perSqmPerMonth: '{{amount}} למ״ר לחודש',
    yes: 'כן',
    no: 'לא',
    in: '{{what}} ב{{where}}',
    sharedBy: 'נשלח דרך נכסים',
    download: 'הורדה',
    goneTitle: 'הקישור אינו פעיל עוד',
    goneBody: 'תוקף הקישור הסתיים או שהוא בוטל. אפשר לבקש מהמתווך קישור חדש.',
    notFoundTitle: 'הקישור לא נמצא',
    notFoundBody: 'ייתכן שהקישור הועתק באופן חלקי. אפשר לבקש מהמתווך לשלוח אותו שוב.',
  },
  en: {
    otherLanguage: 'עברית',
    keyFacts: 'Key facts',
    terms: 'Deal terms',
    building: 'Building and surroundings',
    gallery: 'Photos',
    documents: 'Documents',
    contact: 'Get in touch',
    call: 'Call',
    whatsapp: 'WhatsApp',
    whatsappText: 'Hello, I would like to hear more about this property: {{title}}',
    photoAlt: 'Photo {{index}} of {{count}}: {{title}}',
    coverAlt: 'The property: {{title}}',
    perMonth: '{{amount}} per month',
    perSqmPerMonth: '{{amount}} per m² per month',
    yes: 'Yes',
    no: 'No',
    in: '{{what}} in {{where}}',
    sharedBy: 'Shared with Nechasim',
    download: 'Download',
    goneTitle: 'This link is no longer active',
    goneBody: 'The link has expired or was revoked. Ask the broker for a new one.',
    notFoundTitle: 'Link not found',
    notFoundBody: 'The link may have been copied only in part. Ask the broker to send it again.',
  },
} as const satisfies Record<FormatLanguage, Record<string, string>>;

export type ShareCopy = (typeof SHARE_PAGE_COPY)[FormatLanguage];

export interface ShareLabels {
  /** A field's option label (`fields:<field>.options.<value>`) or another group's (`options:<group>.<value>`). */
  option(group: string, value: string): string;
  /** `fields:<field>.label`, the wizard's label. */
  field(name: string): string;
  /** The words after a number: `properties:view.units.<unit>` ('למ״ר לחודש', 'אמפר'). */
  unit(unit: string): string;
  /** The tour link's text: `properties:view.tourHosts.<host>` ('פתיחה ב-YouTube'). */
  tourHost(host: string): string;
}

const cache = new Map<FormatLanguage, ShareLabels>();

export function shareLabels(language: FormatLanguage): ShareLabels {
  let labels = cache.get(language);
  if (!labels) {
    // One label per field, the wizard's, on every screen (docs/glossary.md).
    const { field, option } = localeLabels(language);
    const facts = readLocaleTexts(language, 'facts') as {
      properties: { view: { units: Record<string, string>; tourHosts: Record<string, string> } };
    };
    const { units, tourHosts } = facts.properties.view;
    labels = {
      option,
      field,
      unit: (unit) => units[unit] ?? '',
      tourHost: (host) => tourHosts[host] ?? host,
    };
    cache.set(language, labels);
  }
  return labels;
}

/** `{{name}}` placeholders, as i18next writes them. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}
