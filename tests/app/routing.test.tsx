import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

describe('routing', () => {
  it('sends a signed-out visitor of a private screen to /login, remembering where they were going', async () => {
    const { router } = await renderApp({ path: '/tasks?tab=mine', authenticated: false });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/tasks?tab=mine' });
    expect(await screen.findByRole('heading', { name: 'התחברות' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('guards the root property list too', async () => {
    const { router } = await renderApp({ path: '/', authenticated: false });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/' });
  });

  it('takes /dashboard to the property list', async () => {
    const { router } = await renderApp({ path: '/dashboard', authenticated: true });

    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    expect(await screen.findByRole('heading', { level: 1, name: 'הנכסים שלי' })).toBeInTheDocument();
  });

  it('shows a signed-in user a sidebar screen inside the main layout, with its link marked current', async () => {
    await renderApp({ path: '/tasks', authenticated: true });

    const nav = await screen.findByRole('navigation', { name: 'ניווט ראשי' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'משימות' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'משימות' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'חזרה לנכסים שלי' })).toHaveAttribute('href', '/properties');
  });

  it('titles the wizard by what it does: a new property, or editing a published one', async () => {
    const created = await renderApp({ path: '/properties/create', authenticated: true });
    await waitFor(() => expect(document.title).toMatch(/^נכס חדש \| /));
    created.unmount();

    await renderApp({
      path: '/properties/create?edit=00000000-0000-4000-8000-000000000001',
      authenticated: true,
    });
    await waitFor(() => expect(document.title).toMatch(/^עריכת נכס \| /));
  });

  it('logs out from the sidebar: credentials are gone and the login screen shows', async () => {
    const { router } = await renderApp({ path: '/tasks', authenticated: true });
    expect(localStorage.getItem('jwt_token')).not.toBeNull();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'התנתקות' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth-storage')).toBeNull();
    expect(localStorage.getItem('jwt_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'התחברות' })).toBeInTheDocument();
  });

  it('sends someone already signed in on from /login, to where they were going or to their list', async () => {
    const going = await renderApp({ path: '/login?redirect=%2Ftasks%3Ftab%3Dmine', authenticated: true });

    await waitFor(() => expect(going.router.state.location.pathname).toBe('/tasks'));
    expect(going.router.state.location.search).toEqual({ tab: 'mine' });
    expect(await screen.findByRole('heading', { level: 1, name: 'משימות' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'התחברות' })).not.toBeInTheDocument();
    going.unmount();

    const { router } = await renderApp({ path: '/login', authenticated: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
  });

  it('drops an off-site redirect target instead of carrying it to the login screen', async () => {
    const { router } = await renderApp({
      path: '/login?redirect=https://evil.example',
      authenticated: false,
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({});
  });

  it('shows the not-found page for an unknown address', async () => {
    await renderApp({ path: '/no-such-page', authenticated: true });

    expect(await screen.findByRole('heading', { name: 'הדף לא נמצא' })).toBeInTheDocument();
  });
});
