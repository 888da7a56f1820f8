/**
 * The share page's measuring property, set up once for every share-page script: the real app
 * (production settings, PGlite in a fresh DATA_DIR) on loopback with the per-address limits raised
 * (fifty connections from one address would measure 429s), a signed-in broker, an office with ten
 * 2400 px photos and a share link, warmed by one phone request.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listingNameField } from '@domain/listing-name';
import { MARKETED_AREA_FIELD, TOTAL_AREA_FIELD } from '@domain/property-areas';
import sharp, { type Sharp } from 'sharp';
import { buildApp } from '../../../server/app';
import { createSignInTokens } from '../../../server/auth/sign-in-tokens';
import { loadAppConfig } from '../../../server/config';
import { companies, users } from '../../../server/db/schema';

const PHOTOS = 10;
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

type App = Awaited<ReturnType<typeof buildApp>>;

export interface SharePageFixture {
  app: App;
  /** The server's address, `http://127.0.0.1:<port>`. */
  base: string;
  /** The share link's page. */
  url: string;
  propertyId: string;
  /** What a phone sends: brotli or gzip, a phone's User-Agent (every request also counts an open). */
  phoneHeaders: Record<string, string>;
  close(): Promise<void>;
}

export interface SharePageFixtureOptions {
  /** A photo's look before it is encoded, e.g. noise so it compresses like a photograph. */
  decoratePhoto?: (photo: Sharp) => Promise<Sharp> | Sharp;
}

/**
 * Gaussian noise laid over a photo so that it compresses like a photograph rather than flat colour:
 * what a broker's photos weigh, for the scripts that measure bytes and paint times.
 */
export async function likeAPhotograph(photo: Sharp): Promise<Sharp> {
  const grain = await sharp({
    create: {
      width: 2400,
      height: 1600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .png()
    .toBuffer();
  return photo.composite([{ input: grain, blend: 'overlay' }]);
}

export async function startSharePageFixture(
  options: SharePageFixtureOptions = {},
): Promise<SharePageFixture> {
  const dataDir = await mkdtemp(join(tmpdir(), 'nechasim-share-bench-'));
  const config = await loadAppConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SMS_PROVIDER: 'http',
    SMS_GATEWAY_URL: 'https://sms.invalid/send',
    SMS_GATEWAY_TOKEN: 'bench',
    SMS_SENDER: 'Nechasim',
  });
  const app = await buildApp(config, { rateLimitMax: 1_000_000_000, sharePageRateLimit: 1_000_000_000 });
  const close = async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const [company] = await app.db
      .insert(companies)
      .values({ name: 'כהן נכסים מסחריים', companyType: 'brokerage' })
      .returning();
    const [user] = await app.db
      .insert(users)
      .values({
        phoneNumber: '+972501234567',
        firstName: 'דנה',
        lastName: 'כהן',
        email: 'dana@example.co.il',
        companyId: company?.id ?? null,
      })
      .returning();
    if (!user) throw new Error('no user');
    // A sign-in of its own (a session), as the sign-in routes start one.
    const { jwtToken: token } = await createSignInTokens({ db: app.db, clock: app.clock, config }).signIn(
      app.db,
      user.id,
    );
    const auth = { authorization: `Bearer ${token}` };
    const created = await fetch(`${base}/api/property/create`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        status: 'draft',
        wizardStep: 2,
        [listingNameField('what')]: 'offices',
        [listingNameField('where')]: 'תל אביב-יפו',
        [listingNameField('street')]: 'רוטשילד 22',
        [TOTAL_AREA_FIELD]: 1250,
        [MARKETED_AREA_FIELD]: 1000,
      }),
    });
    const propertyId = ((await created.json()) as { data: { id: string } }).data.id;
    const form = new FormData();
    for (let index = 0; index < PHOTOS; index++) {
      const plain = sharp({
        create: {
          width: 2400,
          height: 1600,
          channels: 3,
          background: { r: 40 + index * 20, g: 120, b: 180 },
        },
      });
      const photo = options.decoratePhoto ? await options.decoratePhoto(plain) : plain;
      const bytes = await photo.jpeg({ quality: 90 }).toBuffer();
      form.append(
        `files.PropertyImages[${index}].File`,
        new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
        `${index}.jpg`,
      );
    }
    const uploaded = await fetch(`${base}/api/property/${propertyId}/files`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (!uploaded.ok) throw new Error(`upload ${uploaded.status}`);
    const link = await fetch(`${base}/api/property/${propertyId}/share-links`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    const url = ((await link.json()) as { data: { url: string } }).data.url;
    const phoneHeaders = { 'accept-encoding': 'br, gzip', 'user-agent': PHONE_UA };
    const warm = await fetch(url, { headers: phoneHeaders });
    const html = await warm.text();
    console.log(
      `page: ${warm.status}, ${html.length} bytes of HTML, ${[...html.matchAll(/<img /g)].length} images`,
    );
    return { app, base, url, propertyId, phoneHeaders, close };
  } catch (error) {
    await close();
    throw error;
  }
}
