import { i18n, loadNamespaces } from './i18n';
import type { Namespace } from './namespaces';

/**
 * The view page's words (its groups, units, tour) ship in facts.json so that the list's first load,
 * which needs properties, does not carry them; once loaded they join properties. This module is
 * imported by the routes that show a property's facts only (the wizard, the view page), so neither it
 * nor the texts are in the list's first load.
 */
const FACT_TARGETS = ['properties'] as const;

/** Joins into bundles already there only (creating one would stop its file from loading). */
function joinFactTexts(language: string): void {
  const facts = i18n.getResourceBundle(language, 'facts') as Record<string, object> | undefined;
  if (!facts) return;
  for (const namespace of FACT_TARGETS) {
    const texts = facts[namespace];
    if (texts && i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, texts, true, true);
    }
  }
}

// A language change loads every namespace again in the new language, the facts included.
i18n.on('loaded', (loaded: Record<string, Record<string, unknown>>) => {
  for (const language of Object.keys(loaded)) joinFactTexts(language);
});

/** A route's texts and the facts', joined before the route renders. */
export async function loadFactTexts(...names: Namespace[]): Promise<void> {
  await loadNamespaces(...names, 'facts', ...FACT_TARGETS);
  joinFactTexts(i18n.language);
}
