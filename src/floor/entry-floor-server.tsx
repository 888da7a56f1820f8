/** The floor's server entry: the same port as the app's (page-contract/page-renderer.ts), one heading. */
import { directionOf, toLanguage } from '@page-contract/languages';
import type { PageRendererModule } from '@page-contract/page-renderer';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderWholePage } from '@/app/render-whole-page';
import { createFloorI18n, createFloorRouter, FloorApp } from './floor-app';

export const renderPage: PageRendererModule['renderPage'] = async (request) => {
  const language = toLanguage(request.language);
  const router = createFloorRouter(createMemoryHistory({ initialEntries: ['/'] }));
  await router.load();
  const i18n = createFloorI18n(language);
  const html = await renderWholePage(<FloorApp router={router} i18n={i18n} language={language} />);
  return {
    kind: 'page',
    status: 200,
    language,
    direction: directionOf(language),
    title: i18n.t('appName'),
    html,
    routeIds: [],
    state: { url: router.state.location.href, language },
  };
};
