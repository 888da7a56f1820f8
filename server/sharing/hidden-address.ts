import type { FormatLanguage } from '@domain/format';
import { streetOf, TEXTS_THAT_MAY_NAME_STREET } from '@domain/listing-name';
import { REVEALED_AFTER_ORDER } from '@domain/property-fields';
import { namesStreet, withoutStreetSentences } from '@domain/street-mention';
import type { PropertyRow } from '../repositories/property.repository';
import { shareLabels } from './share-page-copy';

/**
 * What a link that hides the exact address may show of the broker's own words (issue 22): the
 * street must not come back through a caption, the description or a document's name. Applied
 * before rendering, so the page's template knows nothing of it; the share dialog warns the broker
 * with the same rule (domain/street-mention.ts) before the link is made.
 */

/**
 * The property as a link that hides the address may show it: the fields the registry reveals only
 * after the order (`revealedAfterOrder`) emptied, and the sentences of its free text that may name
 * the street (`mayNameStreet`) that do left out. What the page is given it cannot leak.
 */
export function propertyWithoutStreet(property: PropertyRow): PropertyRow {
  const street = streetOf(property);
  const row: Record<string, unknown> = { ...property };
  for (const field of REVEALED_AFTER_ORDER) row[field] = null;
  for (const field of TEXTS_THAT_MAY_NAME_STREET) {
    const text = row[field];
    if (typeof text === 'string') row[field] = withoutStreetSentences(text, street);
  }
  return row as unknown as PropertyRow;
}

/** A caption that names the street is left out; the photo keeps the page's own alt text. */
export function captionWithoutStreet(caption: string | null, street: string | null): string | null {
  return namesStreet(caption, street) ? null : caption;
}

/**
 * A document whose name names the street is offered (and downloaded) under its kind's name and its
 * place in the list, "תוכניות קומה 1.pdf", keeping the extension the browser opens it by.
 */
export function documentNameWithoutStreet(
  file: { fileName: string; groupKey: string },
  index: number,
  street: string | null,
  language: FormatLanguage,
): string {
  if (!namesStreet(file.fileName, street)) return file.fileName;
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(file.fileName)?.[0] ?? '';
  return `${shareLabels(language).option('mediaGroup', file.groupKey)} ${index}${extension}`;
}
