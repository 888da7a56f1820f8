import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, users } from '../../../server/db/schema';
import { newUser, renderAppAs, serverForFile } from './properties-harness';

/** Issue 20, honest chrome: the frame shows who is signed in, and each header icon does what it says. */
describe('the app frame', () => {
  const server = serverForFile();

  it("shows the signed-in user's own name, position and company in the sidebar card", async () => {
    const user = await newUser(server);
    const [company] = await server.db
      .insert(companies)
      .values({ name: 'אלון נכסים', companyType: 'brokerage' })
      .returning();
    await server.db
      .update(users)
      .set({ firstName: 'מיכל', lastName: 'אלון', position: 'מנהלת עסקאות', companyId: company?.id })
      .where(eq(users.id, user.id));

    await renderAppAs(server, user, '/properties');

    const navigation = await screen.findByRole('navigation', { name: 'ניווט ראשי' });
    const sidebar = navigation.closest('nav') ?? navigation;
    expect(await within(sidebar).findByText('מיכל אלון')).toBeInTheDocument();
    expect(within(sidebar).getByText('מנהלת עסקאות · אלון נכסים')).toBeInTheDocument();
    expect(screen.queryByText('ישראל ישראלי')).not.toBeInTheDocument();
  });

  it("opens a new property from the header's +, and shows no icon without a screen", async () => {
    const user = await newUser(server);
    const { router } = await renderAppAs(server, user, '/properties');
    const actions = await screen.findByRole('group', { name: 'פעולות מהירות' });

    expect(within(actions).getByRole('link', { name: 'הודעות' })).toHaveAttribute('href', '/messages');
    expect(within(actions).queryByRole('button', { name: 'התראות' })).not.toBeInTheDocument();
    await userEvent.click(within(actions).getByRole('link', { name: 'הוספת נכס חדש' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties/create'));
  });
});
