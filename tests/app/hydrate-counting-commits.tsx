import { act } from '@testing-library/react';
import { Profiler, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * The server's HTML put in the page and hydrated with the browser's element: the container, each commit
 * React made of it (a render forced right after hydration is the second), and any recoverable error (a
 * mismatch with the server's HTML).
 */
export async function hydrateCountingCommits(html: string, element: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const commits: string[] = [];
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <Profiler id="hydrated" onRender={(_id, phase) => commits.push(phase)}>
        {element}
      </Profiler>,
      { onRecoverableError: (error) => errors.push(error) },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { container, commits, errors };
}
