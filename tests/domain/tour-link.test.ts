import { isTourLink, parseTourLink, playerUrl } from '@domain/tour-link';
import { describe, expect, it } from 'vitest';

describe('tour links: YouTube, Vimeo and Matterport only', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871'],
    [
      'https://my.matterport.com/show/?m=SxQL3iGyoDo',
      'matterport',
      'https://my.matterport.com/show/?m=SxQL3iGyoDo',
    ],
    [
      '  https://my.matterport.com/show?m=SxQL3iGyoDo  ',
      'matterport',
      'https://my.matterport.com/show/?m=SxQL3iGyoDo',
    ],
  ])('%s is a %s tour, framed from %s', (text, host, embedUrl) => {
    expect(parseTourLink(text)).toMatchObject({ host, embedUrl });
  });

  it.each([
    ['another host', 'https://example.com/watch?v=dQw4w9WgXcQ'],
    ['a look-alike host', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['plain http', 'http://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a YouTube channel, not a video', 'https://www.youtube.com/@somechannel'],
    ['a YouTube link without a video id', 'https://www.youtube.com/watch'],
    ['an id that is not YouTube-shaped', 'https://youtu.be/../../x'],
    ['a Vimeo page that is not a video', 'https://vimeo.com/channels/staffpicks'],
    ['a Matterport page without a model', 'https://my.matterport.com/show/'],
    ['credentials in the link', 'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a script', 'javascript:alert(1)'],
    ['no scheme', 'youtu.be/dQw4w9WgXcQ'],
    ['not a link', 'סיור וירטואלי'],
  ])('refuses %s', (_, text) => {
    expect(parseTourLink(text)).toBeNull();
    expect(isTourLink(text)).toBe(false);
  });

  it('answers nothing for nothing', () => {
    expect(parseTourLink(null)).toBeNull();
    expect(parseTourLink(undefined)).toBeNull();
  });
});

describe('the player once play is pressed', () => {
  it.each([
    [
      'YouTube',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    ],
    ['Vimeo', 'https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?autoplay=1'],
    [
      'Matterport',
      'https://my.matterport.com/show/?m=SxQL3iGyoDo',
      'https://my.matterport.com/show/?m=SxQL3iGyoDo&play=1',
    ],
  ])('starts %s at once, on its embed host', (_, link, player) => {
    const tour = parseTourLink(link);
    expect(tour && playerUrl(tour)).toBe(player);
  });
});
