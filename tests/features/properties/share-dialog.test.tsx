import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { warmScreensForFile } from '../helpers/warm-screens';
import { newUser, publishableOffice, renderAppAs, seed, serverForFile } from './properties-harness';

describe('share dialog', () => {
  const server = serverForFile();
  // The dialog's loader too: the screens import it on the click (dialog-on-open.ts).
  warmScreensForFile({
    modules: [
      () => import('@/features/properties/share/share-dialog'),
      () => import('@/features/properties/share/lazy-share-dialog'),
    ],
  });

  it('says the 80-character limit when a pasted label is cut (issue 19)', async () => {
    const user = await newUser(server);
    const [office] = await seed(server, user, [publishableOffice()]);
    await renderAppAs(server, user, `/properties/${office?.id}`);
    const person = userEvent.setup();

    await person.click(await screen.findByRole('button', { name: 'שיתוף' }));
    const label = within(await screen.findByRole('dialog')).getByLabelText('למי הקישור (לא חובה)');
    await person.click(label);
    await person.paste('משה לוי '.repeat(20));

    expect(label).toHaveValue('משה לוי '.repeat(10));
    expect(label).toHaveAccessibleDescription(
      'אפשר להזין עד 80 תווים, ולכן הטקסט שהודבק קוצר. כדאי לבדוק מה נשאר',
    );
  });

  it('creates a link from the property page, offers copy, WhatsApp, e-mail and QR, and revokes it', async () => {
    const user = await newUser(server);
    const [office] = await seed(server, user, [
      publishableOffice({ address: 'רוטשילד 22', city: 'תל אביב-יפו' }),
    ]);
    await renderAppAs(server, user, `/properties/${office?.id}`);
    const person = userEvent.setup();

    await person.click(await screen.findByRole('button', { name: 'שיתוף' }));
    const dialog = await screen.findByRole('dialog');
    await person.type(within(dialog).getByLabelText('למי הקישור (לא חובה)'), 'משה לוי');
    await person.click(within(dialog).getByRole('button', { name: 'יצירת קישור' }));

    const card = await within(dialog).findByTestId('share-link');
    expect(card).toHaveTextContent('משה לוי');
    expect(card).toHaveTextContent('פעיל');
    expect(within(card).getByTestId('share-opens')).toHaveTextContent('טרם נפתח');
    const url = (within(card).getByLabelText('כתובת הקישור') as HTMLInputElement).value;
    expect(url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
    // The prefilled messages name the kind and the city, never the street.
    const whatsapp = within(card).getByRole('link', { name: 'WhatsApp' }).getAttribute('href') ?? '';
    expect(decodeURIComponent(whatsapp)).toContain('משרדים, תל אביב-יפו');
    expect(decodeURIComponent(whatsapp)).toContain(url);
    expect(decodeURIComponent(whatsapp)).not.toContain('רוטשילד');
    expect(within(card).getByRole('link', { name: 'דוא"ל' }).getAttribute('href')).toMatch(
      /^mailto:\?subject=/,
    );
    await person.click(within(card).getByRole('button', { name: 'קוד QR' }));
    expect(await within(card).findByRole('img', { name: 'קוד QR לקישור משה לוי' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );

    await person.click(within(card).getByRole('button', { name: 'ביטול הקישור משה לוי' }));
    await waitFor(() => expect(within(dialog).getByTestId('share-link')).toHaveTextContent('בוטל'));
    expect(within(dialog).queryByLabelText('כתובת הקישור')).not.toBeInTheDocument();
  });

  it('warns, while the address is hidden, that the sentences naming the street will be left out', async () => {
    const user = await newUser(server);
    const [office] = await seed(server, user, [
      publishableOffice({
        address: 'הרצל 12',
        description: 'משרדים מוארים. הכניסה מרחוב הרצל 12.',
      }),
    ]);
    await renderAppAs(server, user, `/properties/${office?.id}`);
    const person = userEvent.setup();

    await person.click(await screen.findByRole('button', { name: 'שיתוף' }));
    const dialog = await screen.findByRole('dialog');
    const notice = await within(dialog).findByRole('status', { name: 'הרחוב מוזכר בטקסט של הנכס' });
    expect(notice).toHaveTextContent('את המשפטים בתיאור שמזכירים את הרחוב');

    await person.click(within(dialog).getByRole('switch'));
    expect(within(dialog).queryByRole('status', { name: 'הרחוב מוזכר בטקסט של הנכס' })).toBeNull();
  });
});
