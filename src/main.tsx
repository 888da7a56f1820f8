import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthContext } from '@/app/auth-context';
import { followSession } from '@/app/follow-session';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { createAppSession } from '@/app/session';
import { yieldToBrowser } from '@/app/yield-to-browser';
import { i18nReady } from '@/i18n/i18n';

async function boot() {
  // Inspection must be listening before the first actor (the session) starts. Development builds, or a
  // production build made with VITE_STATELY_INSPECTOR=true; written out here (and in routes/dev/machines.tsx)
  // because only `import.meta.env` is replaced at build time, which lets the bundler drop the import.
  if (import.meta.env.DEV || import.meta.env.VITE_STATELY_INSPECTOR === 'true') {
    const { startInspection } = await import('@/inspection/start-inspection');
    await startInspection(window.location.search);
  }

  // Hebrew frame texts ship with the app; an English visitor waits for one small text file.
  await i18nReady;

  // Each step of the start below is a task of its own, with the browser let in between (to paint, to
  // take a tap). One after another, right after the long task that evaluates the modules, they were a
  // single task of some 120 ms with the CPU slowed four times, as Lighthouse measures a phone.
  await yieldToBrowser();
  const queryClient = createQueryClient();
  const session = createAppSession(queryClient);
  await yieldToBrowser();
  const router = createAppRouter({ context: { queryClient, auth: createAuthContext(session) } });
  followSession(session, router);
  await yieldToBrowser();

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html must contain #root');
  // The first render is of the loaded route. Rendered before, the page came with the router's update when
  // the route had loaded, which React renders at once and in one piece, not as a transition: on /properties
  // a task of 870 ms with the CPU slowed four times. A page painted from HTML is, besides, replaced by the
  // finished page, not in stages.
  await router.load();
  await yieldToBrowser();

  // As a transition, React renders the first screen in slices and lets the browser in between (a phone
  // stays responsive while it starts); the page appears in one piece all the same.
  const root = createRoot(rootElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

void boot();
