import './mantine-styles';
import './focus-ring.css';
import { DirectionProvider, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { installTooltips } from '@/components/tooltip/tooltip';
import { i18n as appI18n, directionOf, toLanguage } from '@/i18n/i18n';
import { cssVariablesResolver, theme } from './theme';
import { ToastsOnDemand } from './toasts-on-demand';

export interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off portals and transitions so tests see the DOM synchronously. */
  env?: 'default' | 'test';
  /** The server renders each request with an i18next instance of its own (src/entry-server.tsx). */
  i18n?: I18n;
}

export function Providers({ queryClient, children, env = 'default', i18n = appI18n }: ProvidersProps) {
  // Every `tooltip(label)` in the app is served by this one listener (components/tooltip).
  useEffect(() => installTooltips(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(toLanguage(i18n.resolvedLanguage ?? i18n.language))}>
        <LocalizedMantineProvider env={env}>
          <ToastsOnDemand />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </LocalizedMantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}

/** Labels Mantine draws itself (a toast's ×) follow the interface language; unnamed, a screen reader says only "button". */
function LocalizedMantineProvider({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const { t, i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows the language; rebuilt when it changes.
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('close') } } } },
      }),
    [t, language],
  );
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver} env={env}>
      {children}
    </MantineProvider>
  );
}
