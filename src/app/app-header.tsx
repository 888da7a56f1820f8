import { ActionIcon, Burger, Group, Title } from '@mantine/core';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLayoutSidebarRightCollapse,
  IconLayoutSidebarRightExpand,
  IconMessages,
  IconPlus,
  IconSettings,
  type TablerIcon,
} from '@tabler/icons-react';
import { type ComponentType, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tooltip } from '@/components/tooltip/tooltip';
import { useLanguage } from '@/i18n/use-language';
import classes from './main-layout.module.css';
import { RouterActionIcon } from './router-link';
import type { SettingsPopoverProps } from './settings-popover';

interface AppHeaderProps {
  title: string | undefined;
  navbarId: string;
  mobileOpened: boolean;
  onToggleMobile: () => void;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

const iconProps = { size: 20, stroke: 1.7, 'aria-hidden': true } as const;

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
          <CollapseIcon {...iconProps} />
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
      <Icon {...iconProps} />
    </RouterActionIcon>
  );
}

/**
 * The settings button, drawn plain until the pointer or the focus reaches it; its popover (with
 * floating-ui, the focus trap and scroll lock, about 20 KiB) loads then, and a click opens it once it
 * has. A phone never shows this group, so it never loads it.
 */
function SettingsButton() {
  const { t } = useTranslation('layout');
  const button = useRef<HTMLButtonElement>(null);
  const [Loaded, setLoaded] = useState<ComponentType<SettingsPopoverProps> | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focusOnLoad, setFocusOnLoad] = useState(false);

  const load = () =>
    void import('./settings-popover').then((module) => {
      setFocusOnLoad(document.activeElement === button.current);
      setLoaded(() => module.SettingsPopover);
    });

  if (Loaded) return <Loaded defaultOpened={openOnLoad} takeFocus={focusOnLoad} />;
  return (
    <ActionIcon
      ref={button}
      variant="default"
      size="lg"
      aria-label={t('header.settings')}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        setOpenOnLoad(true);
        load();
      }}
    >
      <IconSettings {...iconProps} />
    </ActionIcon>
  );
}
