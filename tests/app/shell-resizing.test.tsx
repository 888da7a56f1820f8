import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

/** The shell's root: its data-resizing is what stops the drawer's and sidebar's slides (AppShell's CSS). */
async function shellRoot() {
  const nav = await screen.findByRole('navigation', { name: 'ניווט ראשי' });
  const root = nav.closest('.mantine-AppShell-root');
  if (!root) throw new Error('the navigation is not inside the shell');
  return root;
}

function marksOf(root: Element) {
  const marks: (string | null)[] = [];
  const observer = new MutationObserver(() => marks.push(root.getAttribute('data-resizing')));
  observer.observe(root, { attributes: true, attributeFilter: ['data-resizing'] });
  return { marks, stop: () => observer.disconnect() };
}

describe('the shell while the window resizes', () => {
  it('is not marked as resizing once mounted, so nothing restyles the whole page after hydration', async () => {
    await renderApp({ path: '/tasks', authenticated: true });
    const root = await shellRoot();
    const watched = marksOf(root);

    await new Promise((resolve) => setTimeout(resolve, 400));
    watched.stop();

    expect(root).not.toHaveAttribute('data-resizing');
    expect(watched.marks).toEqual([]);
  });

  it('stands still while the window resizes and slides again once it has settled', async () => {
    await renderApp({ path: '/tasks', authenticated: true });
    const root = await shellRoot();

    fireEvent(window, new Event('resize'));

    await waitFor(() => expect(root).toHaveAttribute('data-resizing'));
    await waitFor(() => expect(root).not.toHaveAttribute('data-resizing'));
  });
});
