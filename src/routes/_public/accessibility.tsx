import { createFileRoute } from '@tanstack/react-router';
import { AccessibilityPage } from '@/features/accessibility/accessibility-page';

/** Public, with no guard either way: the statement must be reachable signed in or out. */
export const Route = createFileRoute('/_public/accessibility')({
  staticData: { titleKey: 'accessibility' },
  component: AccessibilityPage,
});
