import type { BrokerageOrder, OrderIssue } from '@domain/brokerage-order';
import { type FieldWords, fieldText } from '@domain/field-text';
import { type FormatLanguage, formatShekel } from '@domain/format';
import { listingName, placeLine } from '@domain/listing-name';
import { KEY_FACT_FIELDS } from '@domain/property-fields';
import type { SignatureDrawingError } from '@domain/signature-drawing';
import { html, privatePageStart, type SafeHtml, trusted } from '../sharing/html';
import { fill, SHARE_PAGE_COPY, shareLabels } from '../sharing/share-page-copy';
import { SHARE_PAGE_CSS } from '../sharing/share-page-style';
import { CLIENT_PAGE_COPY, type ClientPageCopy } from './client-page.copy';
import type { RevealedProperty } from './exposure-client.service';
import { ORDER_DOCUMENT_COPY } from './order-document.copy';
import { renderSignaturePad, SIGNATURE_PAD_CSS } from './signature-pad.render';

/** Forms on a 390 px phone: full-width fields, 44 px targets, errors beside their field. */
const FORM_CSS = `
.card{background:#fff;padding:1rem;margin-block-start:.75rem}
.card h1{margin-block-end:.5rem;font-size:1.4rem;overflow-wrap:anywhere}
.order h2{margin-block:1rem .5rem}
.order p{margin:.25rem 0}
.order dl{margin:0}
.party{margin-block-end:.75rem}
.field{display:block;margin-block:.75rem}
.field span{display:block;font-weight:600;margin-block-end:.25rem}
.field input[type=text],.field input[type=tel]{width:100%;min-height:44px;padding:.5rem .75rem;font:inherit;border:1px solid #adb5bd;border-radius:8px;background:#fff}
.field input[aria-invalid=true]{border-color:#c92a2a}
.error{color:#c92a2a;margin:.25rem 0 0;font-size:.95rem}
.consent{display:flex;gap:.5rem;align-items:flex-start;margin-block:1rem}
.consent input{width:22px;height:22px;margin-block-start:.15rem;flex:none}
button{font:inherit;cursor:pointer;border:0}
.button{border:0}
.secondary{background:none;color:#1c5fb8;text-decoration:underline;min-height:44px;padding:.5rem 0}
.property{border-block-start:1px solid #e3e5e8;padding-block:.75rem}
.hash{overflow-wrap:anywhere;font-size:.85rem}
.property h3{font-size:1rem;margin-block:.75rem .25rem}
.documents{margin:0;padding-inline-start:1.25rem}
.documents li{padding-block:.35rem;overflow-wrap:anywhere}
.documents a{display:inline-block;min-height:24px}
.alert{border:1px solid #c92a2a;background:#fff5f5;padding:.75rem;border-radius:8px}
`;

export type ClientPageStep =
  | { kind: 'phone'; lastDigits: string; error: string | null }
  | { kind: 'code'; error: string | null }
  | {
      kind: 'order';
      order: BrokerageOrder;
      values: { fullName: string; idNumber: string; address: string; consent: boolean; drawing?: string };
      issues: OrderIssue[];
      /** Why the drawn signature was refused, when it was: the typed values stay, the drawing does not. */
      drawingError?: SignatureDrawingError;
      /** The version this client signed before the broker amended it, in force until this one is signed. */
      earlierSigned?: { version: number; signedAt: Date } | null;
    }
  | { kind: 'signed'; order: BrokerageOrder; signedAt: Date; sha256: string; properties: RevealedProperty[] }
  | { kind: 'closed'; reason: 'declined' | 'expired' | 'revoked' | 'notFound' };

function page(language: FormatLanguage, token: string | null, title: string, body: SafeHtml): string {
  const copy = CLIENT_PAGE_COPY[language];
  const other: FormatLanguage = language === 'he' ? 'en' : 'he';
  return `<!doctype html>${html`${privatePageStart(language, `${title} · ${copy.brand}`)}
<style>${trusted(SHARE_PAGE_CSS)}${trusted(FORM_CSS)}${trusted(SIGNATURE_PAD_CSS)}</style>
</head>
<body>
<header class="bar"><span class="brand">${copy.brand}</span>${
    token &&
    html`<a class="lang" href="/e/${token}?lang=${other}" lang="${other}" hreflang="${other}">${copy.switchLanguage}</a>`
  }</header>
<main>${body}</main>
</body>
</html>`}`;
}

/** The agreed percentage exactly as agreed (8.33 %, not a rounded 8 %): it is a term of the order. */
function percentOf(percent: number, language: FormatLanguage): string {
  const number = new Intl.NumberFormat(language === 'he' ? 'he-IL' : 'en-GB', { maximumFractionDigits: 4 });
  return `${number.format(percent)}%`;
}

/** A phone number reads left to right inside Hebrew text, in the local form people know. */
export function phoneOf(e164: string): SafeHtml {
  const local = e164.startsWith('+972') ? `0${e164.slice(4)}` : e164;
  const shown = local.length === 10 ? `${local.slice(0, 3)}-${local.slice(3)}` : local;
  return html`<bdi dir="ltr">${shown}</bdi>`;
}

function dateOf(iso: string, language: FormatLanguage): string {
  const [year, month, day] = iso.split('-');
  return language === 'he' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
}

/** The order with every field the regulations require, in the page's language. */
export function renderOrder(order: BrokerageOrder, language: FormatLanguage, clientKnown: boolean): SafeHtml {
  const copy = CLIENT_PAGE_COPY[language];
  const row = (label: string, value: string | SafeHtml) =>
    html`<div><dt>${label}</dt><dd><bdi>${value}</bdi></dd></div>`;
  const pending = copy.clientDetailsPending;
  const price = (amount: number) =>
    `${formatShekel(amount, language) ?? ''}${order.dealType === 'rent' ? ` ${copy.perMonth}` : ''}`;
  const fee =
    order.fee.basis === 'percent'
      ? fill(copy.feePercent, { percent: percentOf(order.fee.percent, language) })
      : fill(copy.feeAmount, { amount: formatShekel(order.fee.amount, language) ?? '' });
  return html`<section class="card order" aria-labelledby="order-title">
<h1 id="order-title">${copy.orderTitle}</h1>
<p class="muted">${copy.orderBasis}</p>
<h2>${copy.partiesTitle}</h2>
<div class="party"><strong>${copy.broker}</strong><dl class="facts">
${row(copy.name, order.broker.fullName)}${row(copy.idNumber, order.broker.idNumber)}
${row(copy.licence, order.broker.licenceNumber)}${row(copy.address, order.broker.address)}
</dl></div>
<div class="party"><strong>${copy.client}</strong><dl class="facts">
${row(copy.name, clientKnown ? order.client.fullName : pending)}${row(copy.idNumber, clientKnown ? order.client.idNumber : pending)}
${row(copy.address, clientKnown ? order.client.address : pending)}${row(copy.phone, phoneOf(order.client.phone))}
</dl></div>
<h2>${copy.dealTitle}</h2>
<p>${order.dealType === 'rent' ? copy.deal_rent : copy.deal_sale}</p>
<h2>${copy.propertiesTitle}</h2>
<ol>${order.properties.map(
    (property) =>
      html`<li><p><bdi>${property.description}</bdi></p><p>${copy.approximatePrice}: ${price(property.approximatePrice)}</p></li>`,
  )}</ol>
<p class="muted">${copy.propertiesNote}</p>
<h2>${copy.feeTitle}</h2>
<p>${fee}. ${order.feeIncludesVat ? copy.vatIncluded : copy.vatExcluded}</p>
<h2>${copy.exclusivityTitle}</h2>
${
  order.exclusivity
    ? html`<p>${fill(copy.exclusivityPeriod, {
        start: dateOf(order.exclusivity.startsOn, language),
        end: dateOf(order.exclusivity.endsOn, language),
      })}</p><p>${copy.marketingActions} ${order.exclusivity.marketingActions}</p>`
    : html`<p>${copy.exclusivityNone}</p>`
}
<h2>${copy.termsTitle}</h2>
<ol><li>${copy.term1}</li><li>${copy.term2}</li><li>${copy.term3}</li></ol>
</section>`;
}

function fieldError(copy: ClientPageCopy, issues: OrderIssue[], field: string): string | null {
  const issue = issues.find((candidate) => candidate.field === field);
  if (!issue) return null;
  if (field === 'consent') return copy.error_consent;
  if (issue.error === 'invalidIsraeliId') return copy.error_invalidIsraeliId;
  if (issue.error === 'tooLong') return copy.error_tooLong;
  return copy.error_required;
}

/**
 * An amended order: the version the client signed stays in force until they sign this one, and its
 * copy stays theirs to open (the earlier link stopped working when the broker amended it).
 */
function earlierSignedNote(
  language: FormatLanguage,
  token: string,
  step: Extract<ClientPageStep, { kind: 'order' }>,
) {
  if (!step.earlierSigned) return null;
  const keep = ORDER_DOCUMENT_COPY[language];
  const when = step.earlierSigned.signedAt.toLocaleDateString(language === 'he' ? 'he-IL' : 'en-GB', {
    timeZone: 'Asia/Jerusalem',
  });
  return html`<section class="card"><h2>${fill(keep.earlierTitle, { version: String(step.order.version) })}</h2><p>${fill(
    keep.earlierBody,
    { signed: String(step.earlierSigned.version), when },
  )}</p><div class="actions"><a class="secondary" href="/e/${token}/order?lang=${language}">${fill(
    keep.earlierOpen,
    {
      signed: String(step.earlierSigned.version),
    },
  )}</a></div></section>`;
}

function signForm(language: FormatLanguage, token: string, step: Extract<ClientPageStep, { kind: 'order' }>) {
  const copy = CLIENT_PAGE_COPY[language];
  const input = (name: string, label: string, value: string, autocomplete: string, inputmode?: string) => {
    const error = fieldError(copy, step.issues, `client.${name}`);
    return html`<label class="field"><span>${label}</span><input type="text" name="${name}" value="${value}" autocomplete="${autocomplete}" ${inputmode ? trusted(`inputmode="${inputmode}"`) : null} aria-invalid="${error ? 'true' : 'false'}" ${error ? trusted(`aria-describedby="${name}-error"`) : null} required maxlength="200">${
      error && html`<p class="error" id="${name}-error">${error}</p>`
    }</label>`;
  };
  const consentError = fieldError(copy, step.issues, 'consent');
  return html`<section class="card" aria-labelledby="sign-title">
<h2 id="sign-title">${copy.signTitle}</h2>
${step.issues.length > 0 && html`<p class="alert" role="alert">${copy.errorsTitle}</p>`}
<form method="post" action="/e/${token}/sign?lang=${language}">
${input('fullName', copy.fullNameLabel, step.values.fullName, 'name')}
${input('idNumber', copy.idNumberLabel, step.values.idNumber, 'off', 'numeric')}
${input('address', copy.addressLabel, step.values.address, 'street-address')}
${renderSignaturePad(copy, step.drawingError, step.values.drawing)}
<label class="consent"><input type="checkbox" name="consent" value="yes" ${step.values.consent ? trusted('checked') : null} required><span>${copy.consentLabel}</span></label>
${consentError && html`<p class="error">${consentError}</p>`}
<div class="actions"><button type="submit" class="button">${copy.sign}</button></div>
</form>
<form method="post" action="/e/${token}/decline?lang=${language}"><button type="submit" class="secondary">${copy.decline}</button></form>
</section>`;
}

function revealed(
  language: FormatLanguage,
  token: string,
  step: Extract<ClientPageStep, { kind: 'signed' }>,
) {
  const copy = CLIENT_PAGE_COPY[language];
  const labels = shareLabels(language);
  const when = step.signedAt.toLocaleString(language === 'he' ? 'he-IL' : 'en-GB', {
    timeZone: 'Asia/Jerusalem',
  });
  const fact = (label: string, value: string | null) =>
    value && html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
  // The key facts the view page and the share page show, in the registry's order and wording.
  const words: FieldWords = {
    language,
    option: (field, value) => labels.option(field, value),
    yes: SHARE_PAGE_COPY[language].yes,
    no: SHARE_PAGE_COPY[language].no,
    unitSuffix: (unit) => labels.unit(unit),
  };
  return html`<section class="card" aria-labelledby="signed-title">
<h1 id="signed-title">${copy.signedTitle}</h1>
<p>${copy.signedBody}</p>
${step.properties.map((property, place) => {
  const name = listingName(property, labels.option);
  return html`<div class="property"><h2>${name.what ?? copy.propertiesTitle}</h2><dl class="facts">
${fact(copy.exactAddress, placeLine(name))}
${KEY_FACT_FIELDS.map((field) => fact(labels.field(field), fieldText(field, property[field], words)))}
</dl>${
    property.documents.length > 0 &&
    html`<h3>${ORDER_DOCUMENT_COPY[language].documentsTitle}</h3><ul class="documents">${property.documents.map(
      (document, index) =>
        html`<li><a href="/e/${token}/documents/${place + 1}/${index + 1}" download><bdi>${document.fileName}</bdi></a> <span class="muted">${labels.option('mediaGroup', document.groupKey)}</span></li>`,
    )}</ul>`
  }</div>`;
})}
<p class="muted hash">${fill(copy.signedAt, { when, hash: step.sha256 })}</p>
</section>`;
}

/** One page of /e/{token}, whole, as HTML: no script but the signing step's optional pad, Hebrew right-to-left, English a click away. */
export function renderClientPage(
  language: FormatLanguage,
  token: string | null,
  step: ClientPageStep,
): string {
  const copy = CLIENT_PAGE_COPY[language];
  switch (step.kind) {
    case 'phone':
      return page(
        language,
        token,
        copy.phoneTitle,
        html`<section class="card"><h1>${copy.phoneTitle}</h1><p>${fill(copy.phoneBody, { last: step.lastDigits })}</p>${
          step.error && html`<p class="alert" role="alert">${step.error}</p>`
        }<form method="post" action="/e/${token}/code?lang=${language}"><div class="actions"><button type="submit" class="button">${copy.sendCode}</button></div></form></section>`,
      );
    case 'code':
      return page(
        language,
        token,
        copy.codeTitle,
        html`<section class="card"><h1>${copy.codeTitle}</h1><p>${copy.codeBody}</p>${
          step.error && html`<p class="alert" role="alert">${step.error}</p>`
        }<form method="post" action="/e/${token}/verify?lang=${language}"><label class="field"><span>${copy.codeLabel}</span><input type="text" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required dir="ltr" ${
          step.error ? trusted('aria-invalid="true"') : null
        }></label><div class="actions"><button type="submit" class="button">${copy.verify}</button></div></form>
<form method="post" action="/e/${token}/code?lang=${language}"><button type="submit" class="secondary">${copy.resendCode}</button></form></section>`,
      );
    case 'order':
      return page(
        language,
        token,
        copy.pageTitle,
        html`${earlierSignedNote(language, token ?? '', step)}${renderOrder(step.order, language, false)}${signForm(language, token ?? '', step)}`,
      );
    case 'signed': {
      const keep = ORDER_DOCUMENT_COPY[language];
      return page(
        language,
        token,
        copy.signedTitle,
        html`${revealed(language, token ?? '', step)}<section class="card"><h2>${keep.keepTitle}</h2><p>${keep.keepBody}</p><div class="actions"><a class="button" href="/e/${token}/order?lang=${language}">${keep.keepOrder}</a></div></section>${renderOrder(step.order, language, true)}`,
      );
    }
    case 'closed': {
      const texts: Record<typeof step.reason, readonly [string, string]> = {
        declined: [copy.declinedTitle, copy.declinedBody],
        expired: [copy.expiredTitle, copy.expiredBody],
        revoked: [copy.revokedTitle, copy.revokedBody],
        notFound: [copy.notFoundTitle, copy.notFoundBody],
      };
      const [title, body] = texts[step.reason];
      return page(
        language,
        null,
        title,
        html`<section class="unavailable"><h1>${title}</h1><p>${body}</p></section>`,
      );
    }
  }
}
