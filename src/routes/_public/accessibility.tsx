import { createFileRoute } from '@tanstack/react-router';
import { AccessibilityPage } from '@/features/accessibility/accessibility-page';
import { loadNamespaces } from '@/i18n/i18n';

/** Public, with no guard either way: the statement must be reachable signed in or out. */
export const Route = createFileRoute('/_public/accessibility')({
  staticData: { titleKey: 'accessibility' },
  loader: () => loadNamespaces('accessibility'),
  component: AccessibilityPage,
});
