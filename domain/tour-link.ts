/**
 * A listing's video or 3D tour link (issue 21): YouTube, Vimeo and Matterport only, the hosts
 * brokers use and that offer an embeddable player. Anything else is refused, so the view page never
 * frames an unknown site. Pure: the wizard and the server check with it, the view page embeds with it.
 */

export type TourHost = 'youtube' | 'vimeo' | 'matterport';

export interface TourLink {
  host: TourHost;
  /** The player to frame, on the host's own embed address. */
  embedUrl: string;
  /** The link as the broker gave it, to open in a new tab. */
  url: string;
}

/** The only origins a tour is framed from: the app's Content-Security-Policy frame-src lists them. */
export const TOUR_EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://my.matterport.com',
] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const MATTERPORT_ID = /^[A-Za-z0-9]{8,16}$/;

/** The tour behind a link, or null when it is not a YouTube, Vimeo or Matterport link. */
export function parseTourLink(text: string | null | undefined): TourLink | null {
  if (typeof text !== 'string') return null;
  const link = parseHttpsLink(text.trim());
  if (link === null) return null;
  const { host, path, query, url } = link;
  const segments = path.split('/').filter(Boolean);

  if (host === 'youtube.com' || host === 'www.youtube.com' || host === 'm.youtube.com') {
    const id = path === '/watch' ? query.get('v') : undefined;
    return id && YOUTUBE_ID.test(id) ? youtube(id, url) : null;
  }
  if (host === 'youtu.be') {
    const id = segments.length === 1 ? segments[0] : undefined;
    return id && YOUTUBE_ID.test(id) ? youtube(id, url) : null;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    const id = segments.length === 1 ? segments[0] : undefined;
    return id && VIMEO_ID.test(id)
      ? { host: 'vimeo', embedUrl: `https://player.vimeo.com/video/${id}`, url }
      : null;
  }
  if (host === 'my.matterport.com' && path.replace(/\/$/, '') === '/show') {
    const id = query.get('m');
    return id && MATTERPORT_ID.test(id)
      ? { host: 'matterport', embedUrl: `https://my.matterport.com/show/?m=${id}`, url }
      : null;
  }
  return null;
}

/**
 * The player's address once the viewer has pressed play: the click that loaded the player also
 * starts it, so a tour never needs a second press inside the frame.
 */
export function playerUrl(tour: TourLink): string {
  return tour.host === 'matterport' ? `${tour.embedUrl}&play=1` : `${tour.embedUrl}?autoplay=1`;
}

export function isTourLink(text: string): boolean {
  return parseTourLink(text) !== null;
}

function youtube(id: string, url: string): TourLink {
  // The privacy-enhanced player: no cookies until the viewer plays the video.
  return { host: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}`, url };
}

/**
 * An https link split into host, path and query, or null. Written out rather than with URL: domain
 * runs without the DOM's types, and the grammar needed here is small. Anything unusual (a port,
 * credentials, spaces, another scheme) is refused rather than interpreted.
 */
function parseHttpsLink(
  text: string,
): { host: string; path: string; query: Map<string, string>; url: string } | null {
  const match = /^https:\/\/([A-Za-z0-9.-]+)(\/[^\s?#]*)?(\?[^\s#]*)?(#\S*)?$/i.exec(text);
  if (!match) return null;
  const query = new Map<string, string>();
  for (const pair of (match[3] ?? '').replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const [name = '', value = ''] = pair.split('=');
    if (!query.has(name)) query.set(name, value);
  }
  return { host: (match[1] ?? '').toLowerCase(), path: match[2] ?? '/', query, url: text };
}
