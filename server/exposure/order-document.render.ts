import type { BrokerageOrder } from '@domain/brokerage-order';
import type { FormatLanguage } from '@domain/format';
import type { SignedOrderRow } from '../db/schema';
import { html, privatePageStart, type SafeHtml, trusted } from '../sharing/html';
import { fill } from '../sharing/share-page-copy';
import { CLIENT_PAGE_COPY } from './client-page.copy';
import { phoneOf, renderOrder } from './client-page.render';
import { ORDER_DOCUMENT_COPY } from './order-document.copy';

/**
 * A sheet of paper on screen, A4 when printed: black on white, no bar, no links, each party's four
 * details on one row, the record of the signature kept together on its page. Logical properties, so
 * one sheet serves Hebrew and English.
 */
const DOCUMENT_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,"Noto Sans Hebrew",sans-serif;font-size:15px;line-height:1.45;color:#1a1b1e;background:#f4f5f7}
main{max-width:820px;margin:0 auto;padding:1rem}
.sheet{background:#fff;padding:1.25rem;border-radius:8px}
.hint{background:#e7f0fb;border:1px solid #a5c3ea;border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
.head{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;flex-wrap:wrap;border-block-end:2px solid #1a1b1e;padding-block-end:.5rem;margin-block-end:.75rem}
.head p{margin:0}
.brand{font-weight:700}
h1,h2{line-height:1.25;margin:0}
h1{font-size:1.35rem;margin-block-end:.25rem}
h2{font-size:1.05rem;margin-block:1rem .4rem}
p{margin:.2rem 0}
ol{margin:.25rem 0;padding-inline-start:1.4rem}
.muted{color:#5c5f66}
.facts{display:grid;grid-template-columns:1fr 1fr;gap:.35rem 1rem;margin:.25rem 0 0}
.facts div{min-width:0}
.facts dt{font-size:.8rem;color:#5c5f66}
.facts dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.record{border:1px solid #1a1b1e;border-radius:6px;padding:.5rem .9rem .75rem;margin-block-start:1rem}
.record h2{margin-block-start:.25rem}
.record .facts{grid-template-columns:1fr}
.drawing{display:block;max-width:300px;width:100%;height:auto;border-block-end:1px solid #1a1b1e}
.hash{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85rem;overflow-wrap:anywhere;font-weight:400}
.alert{color:#9b1c1c;font-weight:700}
.unavailable{max-width:560px;margin:15vh auto;padding:2rem 1.5rem;background:#fff;border-radius:12px;text-align:center}
@media (min-width:720px){
main{padding:2rem 1rem}
.sheet{padding:2rem 2.5rem}
.party .facts{grid-template-columns:repeat(4,1fr)}
.record .facts{grid-template-columns:1fr 1fr}
.record .wide{grid-column:1/-1}
}
@media print{
@page{size:A4;margin:14mm 15mm}
body{background:#fff;color:#000;font-size:9.5pt;line-height:1.35}
main{max-width:none;padding:0}
.sheet{padding:0;border-radius:0}
.hint{display:none}
h1{font-size:15pt}
h2{font-size:11pt;margin-block:3.5mm 1.5mm;break-after:avoid}
.party{margin-block-end:2mm}
.party .facts{grid-template-columns:repeat(4,1fr)}
.facts dt{color:#333}
.record{break-inside:avoid}
.record .facts{grid-template-columns:1fr 1fr}
.record .wide{grid-column:1/-1}
}
`
  .trim()
  .replace(/\n/g, '');

export interface OrderDocument {
  /** The order parsed from the stored signed text: never rebuilt from today's records. */
  order: BrokerageOrder;
  signed: Pick<
    SignedOrderRow,
    | 'version'
    | 'signedAt'
    | 'signedName'
    | 'verifiedPhone'
    | 'ip'
    | 'userAgent'
    | 'contentSha256'
    | 'drawingPng'
    | 'drawingSha256'
  >;
  /** Whether the stored hash is the SHA-256 of the stored text, computed again for this page. */
  hashMatches: boolean;
  /** Whether the drawn signature's stored hash is that of its stored bytes (true when none drawn). */
  drawingMatches: boolean;
}

function dateTimeOf(date: Date, language: FormatLanguage): string {
  return new Intl.DateTimeFormat(language === 'he' ? 'he-IL' : 'en-GB', {
    timeZone: 'Asia/Jerusalem',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(date);
}

function shell(language: FormatLanguage, title: string, body: SafeHtml): string {
  return `<!doctype html>${html`${privatePageStart(language, title)}
<style>${trusted(DOCUMENT_CSS)}</style>
</head>
<body><main>${body}</main></body>
</html>`}`;
}

/**
 * The signed order as a page to print or save as PDF: the order exactly as the stored signed text
 * says (renderOrder, the signing page's own rendering), then the record of the signature: the typed
 * name, the consent, the time, the verified phone, IP and browser, the version and the fingerprint,
 * checked again against the text. No script; the browser's print makes the PDF.
 */
export function renderOrderDocument(language: FormatLanguage, document: OrderDocument): string {
  const copy = ORDER_DOCUMENT_COPY[language];
  const page = CLIENT_PAGE_COPY[language];
  const { order, signed } = document;
  const signedAt = dateTimeOf(signed.signedAt, language);
  const row = (label: string, value: string | SafeHtml, wide = false) =>
    html`<div${wide ? trusted(' class="wide"') : null}><dt>${label}</dt><dd><bdi>${value}</bdi></dd></div>`;
  // The file name a browser proposes when saving as PDF is the title.
  const title = `${copy.title} · ${order.client.fullName} · ${signedAt.slice(0, 10)}`;
  return shell(
    language,
    title,
    html`<p class="hint">${copy.keepHint}</p>
<article class="sheet">
<div class="head"><p class="brand">${page.brand}</p><p>${copy.title} · ${fill(copy.version, { version: String(signed.version) })}</p></div>
${renderOrder(order, language, true)}
<section class="record" aria-labelledby="record-title">
<h2 id="record-title">${copy.signatureTitle}</h2>
<dl class="facts">
${row(copy.signedName, signed.signedName)}
${row(copy.signedAt, html`<bdi>${signedAt}</bdi> (${copy.timeZone})`)}
${row(copy.consent, fill(copy.consentGiven, { text: page.consentLabel }), true)}
${row(copy.verifiedPhone, phoneOf(signed.verifiedPhone))}
${row(copy.ip, html`<bdi dir="ltr">${signed.ip}</bdi>`)}
${row(copy.userAgent, html`<bdi dir="ltr">${signed.userAgent}</bdi>`, true)}
${row(copy.fingerprint, html`<bdi dir="ltr" class="hash">${signed.contentSha256}</bdi>`, true)}
${
  signed.drawingPng &&
  html`<div class="wide"><dt>${copy.drawing}</dt><dd><img class="drawing" src="data:image/png;base64,${signed.drawingPng}" alt="${fill(copy.drawingAlt, { name: signed.signedName })}"></dd></div>
${row(copy.drawingFingerprint, html`<bdi dir="ltr" class="hash">${signed.drawingSha256 ?? ''}</bdi>`, true)}`
}
</dl>
${
  document.hashMatches
    ? html`<p class="muted">${copy.fingerprintChecked}</p>`
    : html`<p class="alert" role="alert">${copy.fingerprintMismatch}</p>`
}${!document.drawingMatches && html`<p class="alert" role="alert">${copy.drawingFingerprintMismatch}</p>`}
</section>
</article>`,
  );
}

/** The page for a document that cannot be shown: expired link, or nothing to show. */
export function renderOrderDocumentUnavailable(language: FormatLanguage, reason: 'expired' | 'notFound') {
  const copy = ORDER_DOCUMENT_COPY[language];
  const [title, body] =
    reason === 'expired'
      ? [copy.linkExpiredTitle, copy.linkExpiredBody]
      : [copy.notFoundTitle, copy.notFoundBody];
  return shell(language, title, html`<section class="unavailable"><h1>${title}</h1><p>${body}</p></section>`);
}
