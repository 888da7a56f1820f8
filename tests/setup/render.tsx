import { DirectionProvider, MantineProvider } from '@mantine/core';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { theme } from '@/app/theme';
import { currentLanguage, directionOf, i18n } from '@/i18n/i18n';

function TestProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(currentLanguage())}>
        <MantineProvider theme={theme} env="test">
          {children}
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}

/**
 * A shared component as the app shows it: the app's i18n instance (switch with `changeLanguage`
 * before rendering), its direction and Mantine in test mode (no portals, no transitions).
 */
export function renderWithProviders(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: TestProviders, ...options });
}
