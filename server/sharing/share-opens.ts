import { createHmac } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { recordOpen } from '../repositories/share-links.repository';

const DEVICE_KEY_LABEL = 'nechasim/share-open-device/v1';

/**
 * Link-preview robots fetch the page when a link is pasted into a chat; those are not the client
 * opening it. Matched on the User-Agent each sends (WhatsApp's is "WhatsApp/2.x").
 */
const PREVIEW_ROBOTS =
  /^WhatsApp\/|facebookexternalhit|Facebot|TelegramBot|Twitterbot|Slackbot|LinkedInBot|Discordbot|SkypeUriPreview|Googlebot|bingbot|Applebot|redditbot|Pinterestbot|vkShare|Viber/i;

export function isPreviewRobot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && PREVIEW_ROBOTS.test(userAgent);
}

export interface ShareOpens {
  /** Counts one open of a link by this device today. Neither the address nor the User-Agent is kept. */
  record(linkId: string, ip: string, userAgent: string | undefined): void;
  /** Writes the opens counted so far; the broker's reads call it first, so they never lag. */
  flush(): Promise<void>;
}

/** Opens are written at most this long after they happen (or at once when a broker reads them). */
const FLUSH_INTERVAL_MS = 1_000;

type Pending = {
  linkId: string;
  day: string;
  deviceHash: string;
  opens: number;
  firstAt: Date;
  lastAt: Date;
};

/**
 * Opens without cookies or third parties: a device is an HMAC, under a key derived from the server
 * secret, of the UTC day, the address and the User-Agent. The same device on another day is
 * another hash, so nobody (us included) can follow a client across days from this table.
 *
 * Counted in memory and written once a second, one upsert per (link, day, device): a page served
 * fifty times a second by one process costs one write a second, not fifty (PGlite runs every query
 * on the server's own thread). A crash loses at most that second of counts.
 */
export function createShareOpens({
  db,
  clock,
  secret,
}: {
  db: Db;
  clock: Clock;
  secret: string;
}): ShareOpens {
  const key = createHmac('sha256', secret).update(DEVICE_KEY_LABEL).digest();
  const pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()];
    pending.clear();
    writing = writing.then(async () => {
      for (const open of batch) await recordOpen(db, open);
    });
    return writing;
  };

  return {
    record(linkId, ip, userAgent) {
      const at = clock.now();
      const day = at.toISOString().slice(0, 10);
      const deviceHash = createHmac('sha256', key)
        .update(`${day}\n${ip}\n${userAgent ?? ''}`)
        .digest('base64url')
        .slice(0, 22);
      const id = `${linkId}/${day}/${deviceHash}`;
      const counted = pending.get(id);
      if (counted) {
        counted.opens += 1;
        counted.lastAt = at;
      } else {
        pending.set(id, { linkId, day, deviceHash, opens: 1, firstAt: at, lastAt: at });
      }
      if (!timer) {
        timer = setTimeout(() => void flush().catch(() => undefined), FLUSH_INTERVAL_MS);
        timer.unref();
      }
    },
    flush,
  };
}
