import { ActionIcon, Burger, Group, Popover, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconBell,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLayoutSidebarRightCollapse,
  IconLayoutSidebarRightExpand,
  IconMessages,
  IconPlus,
  IconSettings,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher';
import { useLanguage } from '@/i18n/use-language';
import classes from './main-layout.module.css';

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
  const settingsTitleId = useId();

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
        <Tooltip label={collapseLabel} withArrow>
          <ActionIcon
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
        </Tooltip>
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
        {/* Add, messages and notifications have no action yet (spec); they are placeholders for what comes. */}
        <Tooltip label={t('header.add')} withArrow>
          <ActionIcon variant="filled" size="lg" aria-label={t('header.add')}>
            <IconPlus {...iconProps} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('header.messages')} withArrow>
          <ActionIcon variant="default" size="lg" aria-label={t('header.messages')}>
            <IconMessages {...iconProps} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('header.notifications')} withArrow>
          <ActionIcon variant="default" size="lg" aria-label={t('header.notifications')}>
            <IconBell {...iconProps} />
          </ActionIcon>
        </Tooltip>
        <Popover position="bottom-end" width={260} shadow="md" withArrow trapFocus returnFocus>
          <Popover.Target>
            <ActionIcon variant="default" size="lg" aria-label={t('header.settings')}>
              <IconSettings {...iconProps} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown aria-labelledby={settingsTitleId}>
            <Stack gap="sm">
              <Text id={settingsTitleId} fw={700}>
                {t('settings.title')}
              </Text>
              <Stack gap={6}>
                <Text size="sm" c="dimmed">
                  {t('settings.language')}
                </Text>
                <LanguageSwitcher fullWidth size="sm" />
              </Stack>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Group>
  );
}
