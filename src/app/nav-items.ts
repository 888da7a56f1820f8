import {
  IconArrowsExchange,
  IconBuildingSkyscraper,
  IconChecklist,
  IconEye,
  IconFileDescription,
  IconHistory,
  IconMessages,
  IconTargetArrow,
  type TablerIcon,
} from '@tabler/icons-react';

export type NavKey =
  | 'properties'
  | 'tasks'
  | 'matches'
  | 'exposureRequests'
  | 'transactions'
  | 'messages'
  | 'drafts'
  | 'history';

export type NavPath =
  | '/properties'
  | '/tasks'
  | '/matches'
  | '/exposure-requests'
  | '/transactions'
  | '/messages'
  | '/drafts'
  | '/history';

export interface NavItem {
  key: NavKey;
  to: NavPath;
  icon: TablerIcon;
  /** Other paths that light this item up; the property list also lives at `/`. */
  alsoActiveOn?: readonly string[];
}

/** The sidebar, in the order the spec lists it. */
export const navItems: readonly NavItem[] = [
  { key: 'properties', to: '/properties', icon: IconBuildingSkyscraper, alsoActiveOn: ['/'] },
  { key: 'tasks', to: '/tasks', icon: IconChecklist },
  { key: 'matches', to: '/matches', icon: IconTargetArrow },
  { key: 'exposureRequests', to: '/exposure-requests', icon: IconEye },
  { key: 'transactions', to: '/transactions', icon: IconArrowsExchange },
  { key: 'messages', to: '/messages', icon: IconMessages },
  { key: 'drafts', to: '/drafts', icon: IconFileDescription },
  { key: 'history', to: '/history', icon: IconHistory },
];

export const navIcons = Object.fromEntries(navItems.map((item) => [item.key, item.icon])) as Record<
  NavKey,
  TablerIcon
>;

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (item.alsoActiveOn?.includes(path)) return true;
  return path === item.to || path.startsWith(`${item.to}/`);
}
