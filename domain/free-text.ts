/**
 * The one rule for free text (city, address, company, position, "other" usage, …), used by the
 * forms and the server alike: no character that changes how text around it is shown or that
 * cannot be seen at all.
 *
 * - Controls (C0 and C1) other than tab and line breaks, which multi-line fields keep.
 * - Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): an override stored
 *   in an address showed the list's text reversed. The plain marks LRM, RLM and ALM stay allowed:
 *   they do not reorder anything beyond themselves, and Hebrew text pasted from elsewhere has them.
 * - Zero-width and invisible characters (U+200B–U+200D, U+2060–U+2064, U+FEFF, U+00AD, U+180E):
 *   two "identical" cities that do not match, a phone number hidden inside a name.
 */
const HIDDEN_OR_CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding controls is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u180E\u200B-\u200D\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

export function hasHiddenOrControlCharacters(text: string): boolean {
  return HIDDEN_OR_CONTROL.test(text);
}
