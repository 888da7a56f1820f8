import { type FieldWords, fieldText } from '@domain/field-text';
import { type FormatLanguage, formatArea } from '@domain/format';
import { type ListingName, listingName, listingNameField, placeLine } from '@domain/listing-name';
import { shownAreaOf } from '@domain/property-areas';
import {
  fieldSpec,
  fieldsWhere,
  isAsked,
  type PropertyFieldKey,
  type ViewGroup,
} from '@domain/property-fields';
import { parseTourLink } from '@domain/tour-link';
import type { PropertyRow } from '../repositories/property.repository';
import { html, privatePageStart, type SafeHtml, trusted } from './html';
import { fill, SHARE_PAGE_COPY, type ShareCopy, type ShareLabels, shareLabels } from './share-page-copy';
import { SHARE_PAGE_CSS } from './share-page-style';

export interface SharePhoto {
  /** A prefix of the photo's content hash: the URL changes when the photo does, so it may be cached for good. */
  key: string;
  /** The broker's caption: shown under the photo and used as its text alternative. */
  caption: string | null;
}

export interface ShareDocument {
  /** 1-based place in the link's list: documents are addressed by it, never by an internal id. */
  index: number;
  fileName: string;
  groupKey: string;
}

export interface BrokerCard {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  companyName: string | null;
}

export interface SharePageData {
  language: FormatLanguage;
  /** `https://host` the request came to; og:image must be absolute. */
  origin: string;
  token: string;
  property: PropertyRow;
  showExactAddress: boolean;
  photos: SharePhoto[];
  documents: ShareDocument[];
  broker: BrokerCard | undefined;
}

/** Widths the page asks for; the variants route makes them (storage/image-variants.ts). */
const CARD_WIDTHS = [320, 640] as const;
const HERO_WIDTHS = [640, 1024, 1600] as const;
/**
 * A phone's cover stops at 1024 px: at 390 px and a 3x screen the browser would pick 1600 px, the
 * heaviest file on the page, for a difference nobody sees on a phone (docs/benchmarks.md, issue 22).
 */
const PHONE_WIDTHS = [640, 1024] as const;
const PHONE_MEDIA = '(max-width: 719px)';

/**
 * The facts shown, read from the field registry by the view page's groups (property-fields.ts), so
 * a new field reaches the page with no code here. City and street are the page's place line, which
 * honours the link's choice to hide the address; they never appear as facts.
 */
const PLACE_FIELDS: readonly PropertyFieldKey[] = [listingNameField('where'), listingNameField('street')];
const inGroups = (...groups: ViewGroup[]) =>
  fieldsWhere((spec, key) => groups.includes(spec.viewGroup) && !PLACE_FIELDS.includes(key));
const SECTIONS = {
  keyFacts: inGroups('keyFacts'),
  terms: inGroups('dealTerms'),
  building: inGroups('building', 'environment'),
} as const;
/** The broker's own words and tour (the registry's presentation group): shown by type, not as facts. */
const PRESENTATION = inGroups('presentation');

/**
 * The public page of one shared property, whole, as HTML: readable with no script at all (there is
 * none), right-to-left in Hebrew, printable as an A4 brochure. Only the fields listed here reach
 * the page; the owner's internal data (ids, completion, status, engagements, e-mail) never does.
 */
export function renderSharePage(data: SharePageData): string {
  const { language, property, token } = data;
  const copy = SHARE_PAGE_COPY[language];
  const labels = shareLabels(language);
  const base = `/p/${token}`;
  const name = listingName(property, labels.option);
  const title = titleOf(name, copy);
  const place = placeLine(name, data.showExactAddress);
  const summary = [place, formatArea(shownAreaOf(property), language)].filter(Boolean).join(' · ');
  const photoUrl = (photo: SharePhoto, width: number, ext: 'webp' | 'jpg') =>
    `${base}/photos/${photo.key}-${width}.${ext}`;
  const srcset = (photo: SharePhoto, widths: readonly number[], ext: 'webp' | 'jpg') =>
    widths.map((width) => `${photoUrl(photo, width, ext)} ${width}w`).join(', ');
  const [cover, ...gallery] = data.photos;
  const ogImage = cover ? `${data.origin}${photoUrl(cover, 1024, 'jpg')}` : null;
  const other: FormatLanguage = language === 'he' ? 'en' : 'he';

  const picture = (
    photo: SharePhoto,
    widths: readonly number[],
    sizes: string,
    alt: string,
    eager: boolean,
  ) =>
    html`<picture>
${
  widths.length > PHONE_WIDTHS.length &&
  html`<source type="image/webp" media="${PHONE_MEDIA}" srcset="${srcset(photo, PHONE_WIDTHS, 'webp')}" sizes="100vw">
<source type="image/jpeg" media="${PHONE_MEDIA}" srcset="${srcset(photo, PHONE_WIDTHS, 'jpg')}" sizes="100vw">`
}
<source type="image/webp" srcset="${srcset(photo, widths, 'webp')}" sizes="${sizes}">
<img src="${photoUrl(photo, widths[1] ?? widths[0] ?? 640, 'jpg')}" srcset="${srcset(photo, widths, 'jpg')}" sizes="${sizes}" alt="${alt}" ${eager ? trusted('fetchpriority="high"') : trusted('loading="lazy"')} decoding="async">
</picture>`;

  const words = fieldWords(language, copy, labels);
  const factList = (fields: readonly PropertyFieldKey[]) => {
    const shown = fields.flatMap((field) => {
      const text = answerOf(property, field, words);
      return text === null ? [] : [{ label: labels.field(field), text }];
    });
    if (shown.length === 0) return null;
    return html`<dl class="facts">${shown.map(
      (fact) => html`<div><dt>${fact.label}</dt><dd>${fact.text}</dd></div>`,
    )}</dl>`;
  };
  const section = (heading: string, body: SafeHtml | null) =>
    body && html`<section><h2>${heading}</h2>${body}</section>`;

  const broker = data.broker;
  const brokerName = broker ? `${broker.firstName} ${broker.lastName}`.trim() : '';
  const whatsappText = fill(copy.whatsappText, { title: `${title}${place ? `, ${place}` : ''}` });

  return `<!doctype html>${html`${privatePageStart(language, `${title}${place ? ` · ${place}` : ''}`)}
<meta name="description" content="${summary}">
<meta property="og:type" content="website">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${summary}">
<meta property="og:url" content="${data.origin}${base}">
<meta property="og:locale" content="${language === 'he' ? 'he_IL' : 'en_US'}">
${
  ogImage &&
  html`<meta property="og:image" content="${ogImage}">
<meta property="og:image:type" content="image/jpeg">
<meta property="og:image:alt" content="${fill(copy.coverAlt, { title })}">`
}
<meta name="twitter:card" content="${ogImage ? 'summary_large_image' : 'summary'}">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${summary}">
${ogImage && html`<meta name="twitter:image" content="${ogImage}">`}
<style>${trusted(SHARE_PAGE_CSS)}</style>
</head>
<body>
<header class="bar">
<span class="brand" dir="auto">${broker?.companyName ?? ''}</span>
<a class="lang" href="?lang=${other}" hreflang="${other}" lang="${other}">${copy.otherLanguage}</a>
</header>
<main>
<article>
${cover && html`<figure class="hero">${picture(cover, HERO_WIDTHS, '(min-width: 960px) 920px, 100vw', cover.caption ?? fill(copy.coverAlt, { title }), true)}${captionOf(cover)}</figure>`}
<header class="title">
<h1>${title}</h1>
${place && html`<p class="place" dir="auto">${place}</p>`}
</header>
${PRESENTATION.map((field) => presentationOf(property, field, words, labels))}
${section(copy.keyFacts, factList(SECTIONS.keyFacts))}
${section(copy.terms, factList(SECTIONS.terms))}
${section(copy.building, factList(SECTIONS.building))}
${
  gallery.length > 0 &&
  html`<section class="gallery-section"><h2>${copy.gallery}</h2><ul class="gallery">${gallery.map(
    (photo, index) =>
      html`<li><figure><a href="${photoUrl(photo, 1600, 'jpg')}">${picture(
        photo,
        CARD_WIDTHS,
        '(min-width: 960px) 300px, 50vw',
        photo.caption ?? fill(copy.photoAlt, { index: index + 2, count: data.photos.length, title }),
        false,
      )}</a>${captionOf(photo)}</figure></li>`,
  )}</ul></section>`
}
${
  data.documents.length > 0 &&
  html`<section class="documents"><h2>${copy.documents}</h2><ul>${data.documents.map(
    (document) =>
      html`<li><a href="${base}/documents/${document.index}" download><bdi>${document.fileName}</bdi></a> <span class="muted">${labels.option('mediaGroup', document.groupKey)}</span></li>`,
  )}</ul></section>`
}
</article>
${
  broker &&
  html`<aside class="broker" aria-labelledby="contact">
<h2 id="contact">${copy.contact}</h2>
<p class="broker-name">${brokerName}</p>
${broker.companyName && html`<p class="muted">${broker.companyName}</p>`}
<p class="phone"><bdi dir="ltr">${localPhone(broker.phoneNumber)}</bdi></p>
<div class="actions">
<a class="button" href="tel:${broker.phoneNumber}">${copy.call}</a>
<a class="button whatsapp" href="https://wa.me/${broker.phoneNumber.replace(/^\+/, '')}?text=${encodeURIComponent(whatsappText)}" rel="noopener noreferrer">${copy.whatsapp}</a>
</div>
</aside>`
}
</main>
<footer class="foot muted">${copy.sharedBy}</footer>
</body>
</html>`}`;
}

/** "Offices in Tel Aviv-Yafo": what and where; never the street, which the link may hide. */
function titleOf(name: ListingName, copy: ShareCopy): string {
  if (name.what && name.where) return fill(copy.in, { what: name.what, where: name.where });
  return name.what || name.where || '';
}

function fieldWords(language: FormatLanguage, copy: ShareCopy, labels: ShareLabels): FieldWords {
  return {
    language,
    option: (field, value) => labels.option(field, value),
    yes: copy.yes,
    no: copy.no,
    unitSuffix: (unit) => labels.unit(unit),
  };
}

/** A field's answer as text when the wizard asks it of this property and it was given; else null. */
function answerOf(property: PropertyRow, field: PropertyFieldKey, words: FieldWords): string | null {
  const values = property as unknown as Readonly<Record<string, unknown>>;
  return isAsked(field, values) ? fieldText(field, values[field], words) : null;
}

/**
 * Free text as a paragraph (line breaks kept by the stylesheet), a tour as a plain link to its host:
 * the page ships no script and frames nothing. A link that is not a known tour is not shown.
 */
function presentationOf(
  property: PropertyRow,
  field: PropertyFieldKey,
  words: FieldWords,
  labels: ShareLabels,
): SafeHtml | null {
  const text = answerOf(property, field, words);
  if (text === null) return null;
  const heading = labels.field(field);
  if (fieldSpec(field).type === 'link') {
    const tour = parseTourLink(text);
    return (
      tour &&
      html`<section class="tour"><h2>${heading}</h2><p><a href="${tour.url}" rel="noopener noreferrer">${labels.tourHost(tour.host)}</a></p></section>`
    );
  }
  return html`<section><h2>${heading}</h2><p class="description" dir="auto">${text}</p></section>`;
}

/** +972501234567 → 050-123-4567, as Israelis read a number. */
function localPhone(e164: string): string {
  if (!e164.startsWith('+972')) return e164;
  const local = `0${e164.slice(4)}`;
  return local.length === 10 ? `${local.slice(0, 3)}-${local.slice(3, 6)}-${local.slice(6)}` : local;
}

/** 410 (revoked or expired) and 404 (no such link): Hebrew first, nothing of any property. */
export function renderUnavailablePage(kind: 'gone' | 'notFound'): string {
  const he = SHARE_PAGE_COPY.he;
  const en = SHARE_PAGE_COPY.en;
  const [heTitle, heBody, enTitle, enBody] =
    kind === 'gone'
      ? [he.goneTitle, he.goneBody, en.goneTitle, en.goneBody]
      : [he.notFoundTitle, he.notFoundBody, en.notFoundTitle, en.notFoundBody];
  return `<!doctype html>${html`${privatePageStart('he', heTitle)}
<style>${trusted(SHARE_PAGE_CSS)}</style>
</head>
<body>
<main class="unavailable">
<h1>${heTitle}</h1>
<p>${heBody}</p>
<p lang="en" dir="ltr" class="muted">${enTitle}. ${enBody}</p>
</main>
</body>
</html>`}`;
}

/** `dir="auto"`: a caption in English under a Hebrew page (or the reverse) still reads its own way. */
function captionOf(photo: SharePhoto): SafeHtml | null {
  return photo.caption ? html`<figcaption dir="auto">${photo.caption}</figcaption>` : null;
}
