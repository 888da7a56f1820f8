import { Avatar, Badge, Box, CloseButton, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher';
import { tooltip } from '@/components/tooltip/tooltip';
import { Logo } from './logo';
import classes from './main-layout.module.css';
import { isNavItemActive, navItems } from './nav-items';
import { RouterNavLink } from './router-link';
import { useKnownDraftsCount } from './use-known-drafts-count';
import { useMe, userCardText } from './use-me';

interface SidebarProps {
  /** Desktop icon-only mode; labels move into tooltips and aria-labels. */
  compact: boolean;
  onNavigate: () => void;
  onCloseMobile: () => void;
  onLogout: () => void;
}

const navLinkClassNames = {
  root: classes.navLink,
  section: classes.navLinkSection,
  body: classes.navLinkBody,
};

export function Sidebar({ compact, onNavigate, onCloseMobile, onLogout }: SidebarProps) {
  const { t } = useTranslation('layout');
  const pathname = useLocation({ select: (location) => location.pathname });
  const me = useMe();
  const draftsCount = useKnownDraftsCount();
  // The card says who is signed in, as they registered; nothing made up while it loads.
  const card = me.data ? userCardText(me.data) : null;
  const cardLabel = card ? [card.name, card.detail].filter(Boolean).join(' · ') : t('user.loading');

  return (
    <>
      <Group className={classes.brandRow} justify={compact ? 'center' : 'space-between'} wrap="nowrap">
        <Link to="/" className={classes.brandLink} aria-label={t('logoHome')} onClick={onNavigate}>
          <Logo withWordmark={!compact} />
        </Link>
        <CloseButton className={classes.mobileOnly} aria-label={t('sidebar.close')} onClick={onCloseMobile} />
      </Group>

      <div className={classes.navScroll}>
        <Stack gap={4} p="sm">
          {navItems.map((item) => {
            const label = t(`nav.${item.key}`);
            const Icon = item.icon;
            // Drafts show how many wait on the server, once the list has counted them.
            const count = item.key === 'drafts' && draftsCount ? draftsCount : undefined;
            const fullLabel = count ? t('nav.draftsCount', { count }) : label;
            return (
              <RouterNavLink
                key={item.key}
                {...tooltip(compact && fullLabel, 'end')}
                to={item.to}
                label={compact ? undefined : label}
                aria-label={compact || count ? fullLabel : undefined}
                leftSection={<Icon size={22} stroke={1.6} aria-hidden="true" />}
                rightSection={
                  count && !compact ? (
                    <Badge size="sm" variant="light" aria-hidden="true">
                      {count}
                    </Badge>
                  ) : undefined
                }
                active={isNavItemActive(item, pathname)}
                aria-current={isNavItemActive(item, pathname) ? 'page' : undefined}
                classNames={navLinkClassNames}
                mod={{ compact }}
                onClick={onNavigate}
              />
            );
          })}
        </Stack>
      </div>

      <Stack className={classes.footer} gap="xs" p="sm">
        <Box className={classes.mobileOnly} px="xs" pb="xs">
          <LanguageSwitcher fullWidth size="sm" />
        </Box>
        {/* The card opens the broker's profile (issue 23): the details a brokerage order needs. */}
        <Group
          renderRoot={(props) => <Link {...props} to="/profile" onClick={onNavigate} />}
          {...tooltip(compact && cardLabel, 'end')}
          className={classes.userCard}
          gap="sm"
          p="xs"
          wrap="nowrap"
          justify={compact ? 'center' : undefined}
        >
          {/* An icon, not initials: a Hebrew name's two initials with a dot read as an abbreviation mark. */}
          <Avatar
            color="brand"
            radius="xl"
            size={compact ? 36 : 40}
            aria-label={compact ? cardLabel : undefined}
          >
            <IconUser size={22} stroke={1.6} aria-hidden="true" />
          </Avatar>
          {!compact && card && (
            <Box miw={0}>
              <Text fw={600} size="sm" truncate="end">
                {card.name}
              </Text>
              {card.detail && (
                <Text c="dimmed" size="xs" truncate="end">
                  {card.detail}
                </Text>
              )}
            </Box>
          )}
          {!compact && !card && me.isPending && (
            <Box miw={0} flex={1} aria-label={t('user.loading')} role="status">
              <Skeleton height={12} width="70%" mb={6} />
              <Skeleton height={10} width="50%" />
            </Box>
          )}
        </Group>
        <NavLink
          {...tooltip(compact && t('logout'), 'end')}
          component="button"
          type="button"
          label={compact ? undefined : t('logout')}
          aria-label={compact ? t('logout') : undefined}
          leftSection={
            <IconLogout className={classes.mirrorInRtl} size={22} stroke={1.6} aria-hidden="true" />
          }
          classNames={navLinkClassNames}
          mod={{ compact }}
          c="red.8"
          onClick={onLogout}
        />
      </Stack>
    </>
  );
}
