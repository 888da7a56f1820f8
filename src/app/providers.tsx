import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { DirectionProvider, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLanguage, directionOf, i18n } from '@/i18n/i18n';
import { cssVariablesResolver, theme } from './theme';

export interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off portals and transitions so tests see the DOM synchronously. */
  env?: 'default' | 'test';
}

/** Spec: toasts stay 5 s by default. */
const toastAutoCloseMs = 5000;

export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(currentLanguage())}>
        <LocalizedMantineProvider env={env}>
          <Notifications position="top-center" autoClose={toastAutoCloseMs} />
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
