/** One namespace per feature; `common` is the default. */
export const namespaces = [
  'common',
  'layout',
  'options',
  'fields',
  'auth',
  'properties',
  'drafts',
  'wizard',
  'share',
  'accessibility',
  'dev',
  'exposure',
] as const;
export type Namespace = (typeof namespaces)[number];

/** What the app frame itself shows (layouts, not-found page, dialogs of the root): loaded before the first render. */
export const shellNamespaces = ['common', 'layout'] as const satisfies readonly Namespace[];
