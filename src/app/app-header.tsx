import { ActionIcon, Burger, Group, Title } from '@mantine/core';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLayoutSidebarRightCollapse,
  IconLayoutSidebarRightExpand,
  IconMessages,
  IconPlus,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tooltip } from '@/components/tooltip/tooltip';
import { useLanguage } from '@/i18n/use-language';
import { headerIconProps } from './header-icon-props';
import classes from './main-layout.module.css';
import { RouterActionIcon } from './router-link';
import { SettingsButton } from './settings-button';

interface AppHeaderProps {
  title: string | undefined;
  navbarId: string;
  mobileOpened: boolean;
  onToggleMobile: () => void;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

export function AppHeader({
  title,
  navbarId,
  mobileOpened,
  onToggleMobile,
  collapsed,
  onToggleCollapsed,
}: AppHeaderProps) {
  const { t } = useTranslation('layout');
  const { direction } = useLanguage();
  // The sidebar sits on the start side, so the icon's panel must be drawn on that side too.
  const CollapseIcon =
    direction === 'rtl'
      ? collapsed
        ? IconLayoutSidebarRightExpand
        : IconLayoutSidebarRightCollapse
      : collapsed
        ? IconLayoutSidebarLeftExpand
        : IconLayoutSidebarLeftCollapse;
  const collapseLabel = collapsed ? t('sidebar.expand') : t('sidebar.collapse');

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          className={classes.mobileOnly}
          opened={mobileOpened}
          onClick={onToggleMobile}
          size="sm"
          aria-label={mobileOpened ? t('sidebar.close') : t('sidebar.open')}
          aria-expanded={mobileOpened}
          aria-controls={navbarId}
        />
        <ActionIcon
          {...tooltip(collapseLabel)}
          className={classes.desktopOnly}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={collapseLabel}
          aria-expanded={!collapsed}
          aria-controls={navbarId}
          onClick={onToggleCollapsed}
        >
          <CollapseIcon {...headerIconProps} />
        </ActionIcon>
        {title && (
          <Title order={1} fz={{ base: 'lg', sm: 'xl' }} fw={700} lineClamp={1}>
            {title}
          </Title>
        )}
      </Group>

      <Group
        gap="xs"
        wrap="nowrap"
        className={classes.desktopOnly}
        role="group"
        aria-label={t('header.actions')}
      >
        {/* Each icon opens its screen; notifications have none yet, so the icon waits (decisions.md). */}
        <HeaderLink to="/properties/create" variant="filled" label={t('header.add')} icon={IconPlus} />
        <HeaderLink to="/messages" variant="default" label={t('header.messages')} icon={IconMessages} />
        <SettingsButton />
      </Group>
    </Group>
  );
}

interface HeaderLinkProps {
  to: '/properties/create' | '/messages';
  variant: 'filled' | 'default';
  label: string;
  icon: TablerIcon;
}

/** An icon that opens a screen, named by its tooltip and its accessible name alike. */
function HeaderLink({ to, variant, label, icon: Icon }: HeaderLinkProps) {
  return (
    <RouterActionIcon {...tooltip(label)} to={to} variant={variant} size="lg" aria-label={label}>
      <Icon {...headerIconProps} />
    </RouterActionIcon>
  );
}
