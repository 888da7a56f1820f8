import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthContext } from '@/app/auth-context';
import { followSession } from '@/app/follow-session';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { createAppSession } from '@/app/session';

const queryClient = createQueryClient();
const session = createAppSession(queryClient);
const router = createAppRouter({ context: { queryClient, auth: createAuthContext(session) } });
followSession(session, router);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain #root');

createRoot(rootElement).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
