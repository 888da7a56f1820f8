/**
 * The floor (issue 26): a page made of the app's stack and nothing of the app — React, MantineProvider
 * with the app's theme, fonts and styles, TanStack Router, i18next — that renders one heading, rendered
 * on the server and hydrated as the app's pages are. `npm run bench:web` builds and serves it beside the
 * app (scripts/perf/floor/) and reports every page's Lighthouse result against it; the production build
 * never includes it.
 */
import './floor-mantine-styles';
import { DirectionProvider, MantineProvider, Title } from '@mantine/core';
import { directionOf, type Language } from '@page-contract/languages';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type RouterHistory,
  RouterProvider,
} from '@tanstack/react-router';
import i18next, { type i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { cssVariablesResolver, theme } from '@/app/theme';
import heCommon from '@/i18n/locales/he/common.json';

/** The app's name, its one text: what the app's frame texts (common.json) call it. */
const TEXTS = {
  he: { common: { appName: heCommon.appName } },
  en: { common: { appName: 'Nechasim' } },
} as const;

function Heading() {
  const { t } = useTranslation();
  return (
    <main>
      <Title order={1}>{t('appName')}</Title>
    </main>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Heading });
const routeTree = rootRoute.addChildren([indexRoute]);

export function createFloorRouter(history?: RouterHistory) {
  return createRouter({ routeTree, ...(history ? { history } : {}) });
}

export type FloorRouter = ReturnType<typeof createFloorRouter>;

export function createFloorI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: TEXTS[language] },
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function FloorApp({
  router,
  i18n,
  language,
}: {
  router: FloorRouter;
  i18n: I18n;
  language: Language;
}) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <DirectionProvider initialDirection={directionOf(language)}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <RouterProvider router={router} />
          </MantineProvider>
        </DirectionProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
