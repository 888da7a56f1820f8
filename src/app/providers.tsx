import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/dropzone/styles.layer.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
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
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
          <Notifications position="top-center" autoClose={toastAutoCloseMs} />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
