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
  record(linkId: string, ip: string, userAgent: string | undefined): Promise<void>;
}

/**
 * Opens without cookies or third parties: a device is an HMAC, under a key derived from the server
 * secret, of the UTC day, the address and the User-Agent. The same device on another day is
 * another hash, so nobody (us included) can follow a client across days from this table.
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
  return {
    async record(linkId, ip, userAgent) {
      const at = clock.now();
      const day = at.toISOString().slice(0, 10);
      const deviceHash = createHmac('sha256', key)
        .update(`${day}\n${ip}\n${userAgent ?? ''}`)
        .digest('base64url')
        .slice(0, 22);
      await recordOpen(db, { linkId, day, deviceHash, at });
    },
  };
}
