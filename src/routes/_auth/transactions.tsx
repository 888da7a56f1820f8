import { createFileRoute } from '@tanstack/react-router';
import { navIcons } from '@/app/nav-items';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';

export const Route = createFileRoute('/_auth/transactions')({
  staticData: { titleKey: 'transactions' },
  component: () => <ComingSoonPage screen="transactions" icon={navIcons.transactions} />,
});
