import enAccessibility from './locales/en/accessibility.json';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enDev from './locales/en/dev.json';
import enDrafts from './locales/en/drafts.json';
import enExposure from './locales/en/exposure.json';
import enFacts from './locales/en/facts.json';
import enFields from './locales/en/fields.json';
import enLayout from './locales/en/layout.json';
import enList from './locales/en/list.json';
import enListing from './locales/en/listing.json';
import enOptions from './locales/en/options.json';
import enProperties from './locales/en/properties.json';
import enShare from './locales/en/share.json';
import enWizard from './locales/en/wizard.json';
import heAccessibility from './locales/he/accessibility.json';
import heAuth from './locales/he/auth.json';
import heCommon from './locales/he/common.json';
import heDev from './locales/he/dev.json';
import heDrafts from './locales/he/drafts.json';
import heExposure from './locales/he/exposure.json';
import heFacts from './locales/he/facts.json';
import heFields from './locales/he/fields.json';
import heLayout from './locales/he/layout.json';
import heList from './locales/he/list.json';
import heListing from './locales/he/listing.json';
import heOptions from './locales/he/options.json';
import heProperties from './locales/he/properties.json';
import heShare from './locales/he/share.json';
import heWizard from './locales/he/wizard.json';
import type { Namespace } from './namespaces';

export type { Namespace } from './namespaces';

/**
 * Every text of both languages, for the types (i18next.d.ts) and for tests. The app itself loads texts
 * per namespace and language (locale-backend.ts): importing this module from app code would put all
 * of them back into the first load.
 */
// Hebrew is the source locale: its files define the keys that t() accepts.
export const heResources = {
  common: heCommon,
  layout: heLayout,
  options: heOptions,
  // Every text that belongs to one field, under the field's key (src/i18n/field-words.ts).
  fields: heFields,
  auth: heAuth,
  // The view page's words are all in facts.json: the list's first load does not carry them.
  properties: { ...heProperties, ...heFacts.properties },
  list: heList,
  drafts: heDrafts,
  wizard: heWizard,
  facts: heFacts,
  share: heShare,
  accessibility: heAccessibility,
  dev: heDev,
  listing: heListing,
  exposure: heExposure,
} satisfies Record<Namespace, object>;

// English must carry every Hebrew key, so a missing translation fails the type check
// instead of silently falling back to Hebrew in an English screen.
export const enResources = {
  common: enCommon,
  layout: enLayout,
  options: enOptions,
  fields: enFields,
  auth: enAuth,
  properties: { ...enProperties, ...enFacts.properties },
  list: enList,
  drafts: enDrafts,
  wizard: enWizard,
  facts: enFacts,
  share: enShare,
  accessibility: enAccessibility,
  dev: enDev,
  listing: enListing,
  exposure: enExposure,
} satisfies typeof heResources;
