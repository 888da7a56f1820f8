import { i18n } from '@/i18n/i18n';
import { enResources, heResources } from '@/i18n/resources';

/**
 * Screen tests switch languages and render any screen at once, so every text is put in place up
 * front; the app fetches them per route (locale-backend.ts), which the browser journeys exercise.
 */
for (const [language, resources] of [
  ['he', heResources],
  ['en', enResources],
] as const) {
  for (const [namespace, texts] of Object.entries(resources)) {
    i18n.addResourceBundle(language, namespace, texts, true, true);
  }
}
