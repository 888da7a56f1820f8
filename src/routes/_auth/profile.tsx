import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/exposure-requests/profile-page';
import { loadNamespaces } from '@/i18n/i18n';

/** The broker's profile, which the sidebar's user card opens (issue 23). */
export const Route = createFileRoute('/_auth/profile')({
  staticData: { titleKey: 'profile' },
  loader: () => loadNamespaces('exposure'),
  component: ProfilePage,
});
