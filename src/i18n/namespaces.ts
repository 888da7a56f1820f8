/** One namespace per feature; `common` is the default. */
export const namespaces = [
  'common',
  'layout',
  'options',
  'fields',
  'auth',
  'properties',
  'list',
  'drafts',
  'wizard',
  // The view page's words (groups, units, tour): loaded with the wizard and the view page only, and
  // joined into properties (fact-texts.ts), off the list's first load.
  'facts',
  'share',
  'accessibility',
  'dev',
  // The property page read as a listing (gallery, key facts): loaded with that page, not the list.
  'listing',
  'exposure',
] as const;
export type Namespace = (typeof namespaces)[number];

/** What the app frame itself shows (layouts, not-found page, dialogs of the root): loaded before the first render. */
export const shellNamespaces = ['common', 'layout'] as const satisfies readonly Namespace[];
