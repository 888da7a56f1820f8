/**
 * Issue 23: the sidebar's user card opens the broker's profile, which says what a brokerage order still
 * needs, refuses an ID number with a wrong check digit in the user's language, and saves the rest.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { warmScreensForFile } from '../helpers/warm-screens';
import { newUser, renderAppAs, serverForFile } from '../properties/properties-harness';

describe('/profile', () => {
  const server = serverForFile();
  warmScreensForFile({ routes: ['/properties/', '/profile'] });

  it('opens from the user card, checks the ID number and saves the profile', async () => {
    const user = await newUser(server);
    const { router } = await renderAppAs(server, user, '/properties');
    const navigation = await screen.findByRole('navigation', { name: 'ניווט ראשי' });
    const card = await within(navigation.parentElement?.parentElement ?? document.body).findByRole('link', {
      name: /דנה כהן/,
    });
    await userEvent.click(card);
    await screen.findByRole('heading', { name: 'הפרופיל שלי', level: 1 });
    expect(router.state.location.pathname).toBe('/profile');
    await screen.findByText(/כדי לשלוח בקשות חשיפה חסרים עוד/);

    await userEvent.type(screen.getByRole('textbox', { name: /מספר רישיון תיווך/ }), '31234');
    await userEvent.type(screen.getByRole('textbox', { name: /מספר תעודת זהות/ }), '123456789');
    await userEvent.type(screen.getByRole('textbox', { name: 'כתובת העסק' }), 'הברזל 3, תל אביב');
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await screen.findByText('מספר הזהות אינו תקין: בדקו את הספרות ואת ספרת הביקורת.');

    const id = screen.getByRole('textbox', { name: /מספר תעודת זהות/ });
    await userEvent.clear(id);
    await userEvent.type(id, '123456782');
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    await screen.findByText('הפרופיל מלא: אפשר לשלוח בקשות חשיפה.');

    const me = await server.app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(me.json().data.brokerProfile).toEqual({
      licenceNumber: '31234',
      idNumber: '123456782',
      businessAddress: 'הברזל 3, תל אביב',
    });
  });
});
