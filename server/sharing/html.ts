/**
 * A tiny HTML template: every interpolated value is escaped unless it is itself a template's
 * result, so user text can only ever be text. Arrays are joined; null, undefined and false render
 * nothing (for `${condition && html`…`}`).
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = SafeHtml | string | number | null | undefined | false | readonly Interpolation[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for element content and for quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (character) => ESCAPES[character] as string);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Trusted markup written in this code base (the stylesheet); never user text. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * How every page the server renders for someone without an account begins (the share page, the
 * client's signing page, the signed order): its language and direction, a phone's viewport, no
 * invitation to search engines, and no Referer that would carry the page's token elsewhere.
 */
export function privatePageStart(language: 'he' | 'en', title: string): SafeHtml {
  return html`<html lang="${language}" dir="${language === 'he' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${title}</title>`;
}
