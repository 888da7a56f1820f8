/**
 * Search-param validators for the public routes. Plain functions: unknown or malformed values are
 * dropped rather than thrown, so a mistyped link still lands on a usable screen.
 */

type RawSearch = Record<string, unknown>;

function optionalString(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Only same-origin paths: an absolute or protocol-relative URL here would be an open redirect. */
export function safeRedirect(value: unknown): string | undefined {
  const path = optionalString(value);
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  return path;
}

export interface LoginSearch {
  redirect?: string;
  phone?: string;
}

export function validateLoginSearch(search: RawSearch): LoginSearch {
  return { redirect: safeRedirect(search.redirect), phone: optionalString(search.phone) };
}

export interface RegisterVerifiedSearch {
  /** The lead id of the registration in progress. */
  l?: string;
}

export function validateRegisterVerifiedSearch(search: RawSearch): RegisterVerifiedSearch {
  return { l: optionalString(search.l) };
}

export type OtpType = 'auth' | 'registration';

export interface VerifyOtpSearch {
  type?: OtpType;
  lead?: string;
  session?: string;
  phone?: string;
}

export function validateVerifyOtpSearch(search: RawSearch): VerifyOtpSearch {
  const type = search.type === 'auth' || search.type === 'registration' ? search.type : undefined;
  return {
    type,
    lead: optionalString(search.lead),
    session: optionalString(search.session),
    phone: optionalString(search.phone),
  };
}
