import { createFileRoute } from '@tanstack/react-router';
import { navIcons } from '@/app/nav-items';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';

export const Route = createFileRoute('/_auth/drafts')({
  staticData: { titleKey: 'drafts' },
  component: () => <ComingSoonPage screen="drafts" icon={navIcons.drafts} />,
});
