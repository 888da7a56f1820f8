/**
 * Issue 22: the view page shows a listing's tour as a poster with a play button; the host's player
 * (and every request to the host) waits for the broker's click.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n/i18n';
import { newUser, publishableOffice, renderAppAs, seed, serverForFile } from './properties-harness';

describe('the tour on the view page', () => {
  const server = serverForFile();
  afterEach(() => changeLanguage('he'));

  it('is a poster until the broker presses play, then YouTube’s privacy-enhanced player, focused', async () => {
    const user = await newUser(server);
    const [property] = await seed(server, user, [
      publishableOffice({ address: 'הרצל 12', tourLink: 'https://youtu.be/aBcDeFgHiJk' }),
    ]);
    await renderAppAs(server, user, `/properties/${property?.id}`);

    const play = await screen.findByRole('button', { name: 'הפעלת הסיור ב-YouTube' });
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('הנגן ייטען מ-YouTube רק אחרי הלחיצה')).toBeInTheDocument();
    // The poster asks nothing of the host: no image from it either.
    expect(document.querySelectorAll('img[src*="youtube"], img[src*="ytimg"]')).toHaveLength(0);

    await userEvent.click(play);

    const player = screen.getByTitle('נגן הסיור בנכס');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aBcDeFgHiJk?autoplay=1');
    expect(player).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'הפעלת הסיור ב-YouTube' })).toBeNull();
    // The link to the host stays for whoever prefers it there.
    expect(screen.getByRole('link', { name: 'פתיחה ב-YouTube' })).toHaveAttribute(
      'href',
      'https://youtu.be/aBcDeFgHiJk',
    );
  });

  it('names the play button in English, with the host', async () => {
    const user = await newUser(server);
    const [property] = await seed(server, user, [
      publishableOffice({ tourLink: 'https://my.matterport.com/show/?m=SxQL3iGyoDo' }),
    ]);
    await changeLanguage('en');
    await renderAppAs(server, user, `/properties/${property?.id}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Play the tour on Matterport' }));
    expect(screen.getByTitle('Property tour player')).toHaveAttribute(
      'src',
      'https://my.matterport.com/show/?m=SxQL3iGyoDo&play=1',
    );
  });
});
