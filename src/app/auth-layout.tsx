import { Box, Group, Paper } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher';
import { NoScriptNotice } from '@/components/no-script-notice/no-script-notice';
import classes from './auth-layout.module.css';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';
import { mainContentId, SkipLink } from './skip-link';

/** Frame of the public screens (sign-in, registration, code entry): logo, language, one card. */
export function AuthLayout() {
  const { t } = useTranslation('layout');
  return (
    <>
      <SkipLink />
      <Box className={classes.page}>
        <NoScriptNotice />
        <Group component="header" className={classes.header} justify="space-between" wrap="nowrap">
          <Link to="/" className={classes.logoLink} aria-label={t('logoHome')}>
            <Logo />
          </Link>
          <LanguageSwitcher />
        </Group>
        <Box component="main" id={mainContentId} tabIndex={-1} className={classes.main}>
          <Paper className={classes.card} withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Outlet />
          </Paper>
        </Box>
        <SiteFooter />
      </Box>
    </>
  );
}
