import { createFileRoute } from '@tanstack/react-router';
import { navIcons } from '@/app/nav-items';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';

export const Route = createFileRoute('/_auth/exposure-requests')({
  staticData: { titleKey: 'exposureRequests' },
  component: () => <ComingSoonPage screen="exposureRequests" icon={navIcons.exposureRequests} />,
});
