/** The floor's browser entry: hydrates the server's heading as main.tsx hydrates the app's pages. */

import { toLanguage } from '@page-contract/languages';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readServerState } from '@/app/server-state';
import { createFloorI18n, createFloorRouter, FloorApp } from './floor-app';

async function boot() {
  const language = toLanguage(readServerState()?.language);
  const router = createFloorRouter();
  await router.load();
  router.ssr = { manifest: undefined };
  const root = document.getElementById('root');
  if (!root) throw new Error('the floor page must contain #root');
  // As main.tsx does: a transition, so React hydrates in slices and lets the browser in between.
  startTransition(() => {
    hydrateRoot(root, <FloorApp router={router} i18n={createFloorI18n(language)} language={language} />);
  });
}

void boot();
