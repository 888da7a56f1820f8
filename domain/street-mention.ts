/**
 * Whether the broker's own words name the property's street (issue 22). A share link that hides the
 * exact address shows only the city; a caption "הכניסה מהרצל 12" or a description "ברחוב הרצל" would
 * give the street away. One rule for the share page (which leaves such words out) and the share
 * dialog (which tells the broker what will be left out). Pure: no DOM, no locale files.
 *
 * The street counts without its number: "only the area" is the city, and a street is far narrower.
 * What it cannot catch: the street spelled another way (in the other language, misspelt, or
 * abbreviated differently from the address field).
 */

/** Words that say what kind of street it is, not which: "רחוב הרצל 12" is found as "הרצל". */
const STREET_TYPE_WORDS = new Set([
  'רחוב',
  "רח'",
  'שדרות',
  "שד'",
  'שדרת',
  'דרך',
  'סמטת',
  'סמטה',
  'כיכר',
  'ככר',
  'street',
  'st',
  'st.',
  'road',
  'rd',
  'rd.',
  'avenue',
  'ave',
  'ave.',
  'boulevard',
  'blvd',
  'blvd.',
]);

/** Letters Hebrew joins to the front of a word: "בהרצל", "מהרצל", "ושבהרצל". */
const HEBREW_PREFIXES = '[ובלמהשכ]{0,3}';

/** One spelling for the marks and dashes people type differently: maqaf, geresh, gershayim. */
function normalized(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u05f3\u2019`]/g, "'")
    .replace(/[\u05f4\u201c\u201d]/g, '"')
    .replace(/[\u05be\u2010-\u2015-]/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** The street's name in an address ("דרך מנחם בגין 132, קומה 3" → "מנחם בגין"), or null. */
export function streetNameOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const [street = ''] = normalized(address).split(',');
  const words = street
    .split(' ')
    .filter((word) => word !== '' && !/\d/.test(word) && !STREET_TYPE_WORDS.has(word));
  const name = words.join(' ');
  // A one-letter "street" would match half of any text.
  return name.length >= 2 ? name : null;
}

function streetPattern(street: string): RegExp {
  const escaped = street.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, ' ?');
  // A whole word, Hebrew prefixes allowed before it, nothing but a non-letter after it.
  return new RegExp(`(^|[^\\p{L}])${HEBREW_PREFIXES}${escaped}(?![\\p{L}])`, 'u');
}

/** Whether `text` names the street of `address`. */
export function namesStreet(text: string | null | undefined, address: string | null | undefined): boolean {
  const street = streetNameOf(address);
  if (!text || !street) return false;
  return streetPattern(street).test(normalized(text));
}

/**
 * `text` without the sentences that name the street (line breaks kept), or null when nothing is left.
 * Whole sentences go, not just the name: "ברחוב הרצל 12, מול הבנק" without "הרצל" still points there.
 */
export function withoutStreetSentences(text: string, address: string | null | undefined): string | null {
  const street = streetNameOf(address);
  if (!street) return text;
  const pattern = streetPattern(street);
  const lines = text.split('\n').flatMap((line) => {
    // A point between digits (9.5 m) ends no sentence.
    const sentences = line.match(/(?:[^.!?]|\.(?=\d))+(?:[.!?]+|$)\s*/g) ?? [line];
    const kept = sentences.filter((sentence) => !pattern.test(normalized(sentence)));
    if (kept.length === sentences.length) return [line];
    const rest = kept.join('').trim();
    return rest === '' ? [] : [rest];
  });
  const result = lines.join('\n').trim();
  return result === '' ? null : result;
}
