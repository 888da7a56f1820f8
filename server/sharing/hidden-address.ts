import type { FormatLanguage } from '@domain/format';
import { namesStreet, withoutStreetSentences } from '@domain/street-mention';
import type { PropertyRow } from '../repositories/property.repository';
import { shareLabels } from './share-page-copy';

/**
 * What a link that hides the exact address may show of the broker's own words (issue 22): the
 * street must not come back through a caption, the description or a document's name. Applied
 * before rendering, so the page's template knows nothing of it; the share dialog warns the broker
 * with the same rule (domain/street-mention.ts) before the link is made.
 */

/** The property with the sentences of its free text that name the street left out. */
export function propertyWithoutStreet(property: PropertyRow): PropertyRow {
  const clean = (text: string | null) =>
    text === null ? null : withoutStreetSentences(text, property.address);
  return {
    ...property,
    description: clean(property.description),
    usageCategoriesOther: clean(property.usageCategoriesOther),
  };
}

/** A caption that names the street is left out; the photo keeps the page's own alt text. */
export function captionWithoutStreet(caption: string | null, address: string | null): string | null {
  return namesStreet(caption, address) ? null : caption;
}

/**
 * A document whose name names the street is offered (and downloaded) under its kind's name and its
 * place in the list, "תוכניות קומה 1.pdf", keeping the extension the browser opens it by.
 */
export function documentNameWithoutStreet(
  file: { fileName: string; groupKey: string },
  index: number,
  address: string | null,
  language: FormatLanguage,
): string {
  if (!namesStreet(file.fileName, address)) return file.fileName;
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(file.fileName)?.[0] ?? '';
  return `${shareLabels(language).option('mediaGroup', file.groupKey)} ${index}${extension}`;
}
