/**
 * Search-param validators of the routes. Plain functions: unknown or malformed values are
 * dropped rather than thrown, so a mistyped link still lands on a usable screen.
 */

import { isPropertyListFilter, type PropertyListFilter } from '@domain/property-filters';
import { type PropertyListView, parsePropertyListView } from '@domain/property-list-query';
import { WIZARD_STEPS, type WizardStepId } from '@domain/wizard-steps';
import { PROPERTY_SEARCH_MAX_LENGTH } from '@/features/properties/api/get-properties';

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

export interface RegisterSearch {
  /** Pre-fills the phone (E.164), as /login?phone= does; removed from the URL once read. */
  phone?: string;
}

export function validateRegisterSearch(search: RawSearch): RegisterSearch {
  return { phone: optionalString(search.phone) };
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
  /** Sign-in only: where the user was going before /login, carried on to after the code. */
  redirect?: string;
}

export function validateVerifyOtpSearch(search: RawSearch): VerifyOtpSearch {
  const type = search.type === 'auth' || search.type === 'registration' ? search.type : undefined;
  return {
    type,
    lead: optionalString(search.lead),
    session: optionalString(search.session),
    phone: optionalString(search.phone),
    redirect: safeRedirect(search.redirect),
  };
}

/**
 * The property list's URL state: `?filter=drafts&q=חיפה&sort=price&kind=offices&areaMin=100`.
 * Defaults ('all', the last update first) stay out of the URL; bad sort or filter values are dropped.
 */
export interface PropertiesSearch extends PropertyListView {
  filter?: Exclude<PropertyListFilter, 'all'>;
  q?: string;
}

export function validatePropertiesSearch(search: RawSearch): PropertiesSearch {
  const filter = isPropertyListFilter(search.filter) && search.filter !== 'all' ? search.filter : undefined;
  const q = optionalString(search.q)?.slice(0, PROPERTY_SEARCH_MAX_LENGTH).trim();
  return { filter, q: q === '' ? undefined : q, ...parsePropertyListView(search) };
}

export interface PropertyWizardSearch {
  /** A published property to edit. */
  edit?: string;
  /** A draft stored on the server to resume; a new draft's first server save puts its id here. */
  draft?: string;
  /** The step shown; each step is a history entry, so browser back and forward move between steps. */
  step?: WizardStepId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function optionalUuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined;
}

function optionalStep(value: unknown): WizardStepId | undefined {
  return WIZARD_STEPS.find((candidate) => candidate.id === value)?.id;
}

/** Ids that are not UUIDs are dropped: the wizard then starts a new property instead of failing to load. */
export function validatePropertyWizardSearch(search: RawSearch): PropertyWizardSearch {
  const step = optionalStep(search.step);
  const edit = optionalUuid(search.edit);
  // Both given: the edit wins; one screen opens one property.
  if (edit) return step ? { edit, step } : { edit };
  const draft = optionalUuid(search.draft);
  const property = draft ? { draft } : {};
  return step ? { ...property, step } : property;
}
