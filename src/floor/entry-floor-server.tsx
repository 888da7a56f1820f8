/** The floor's server entry: the same port as the app's (page-contract/page-renderer.ts), one heading. */
import { Writable } from 'node:stream';
import { directionOf, toLanguage } from '@page-contract/languages';
import type { PageRendererModule } from '@page-contract/page-renderer';
import { createMemoryHistory } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createFloorI18n, createFloorRouter, FloorApp } from './floor-app';

export const renderPage: PageRendererModule['renderPage'] = async (request) => {
  const language = toLanguage(request.language);
  const router = createFloorRouter(createMemoryHistory({ initialEntries: ['/'] }));
  await router.load();
  const i18n = createFloorI18n(language);
  const html = await renderToString(<FloorApp router={router} i18n={i18n} language={language} />);
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

/** As the app's entry does (src/entry-server.tsx): read whole, no outlined boundaries. */
function renderToString(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}
