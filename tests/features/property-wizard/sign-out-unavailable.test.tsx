/**
 * Issue 19, item 8: the sign-out flow loads on the first sign-out. When its file cannot load (a new
 * version replaced it, the network dropped), signing out must neither break nor clear a draft unasked.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROPERTY_DRAFT_STORAGE_KEY } from '@/features/property-wizard/draft-storage';
import { chooseKind, goNext } from './fill-steps';
import { field, renderWizard, setUpWizardServer, type } from './wizard-harness';

vi.mock('@/app/sign-out-flow', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('signing out when the sign-out flow cannot load', () => {
  const env = setUpWizardServer();

  it('keeps the broker signed in with the draft, and says to reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = await renderWizard(env.broker);
    await chooseKind(user, 'offices');
    await goNext(user, 'מידע כללי על הנכס');
    await type(user, 'עיר', 'טבריה');

    await user.click(screen.getByRole('button', { name: 'התנתקות' }));

    expect(await screen.findByText(/רעננו את הדף ונסו שוב/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/properties/create');
    expect(field('עיר')).toHaveValue('טבריה');
    expect(localStorage.getItem(PROPERTY_DRAFT_STORAGE_KEY)).toContain('טבריה');
  });

  it('signs out as before when no draft is stored', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = await renderWizard(env.broker, '/properties');

    await user.click(await screen.findByRole('button', { name: 'התנתקות' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
