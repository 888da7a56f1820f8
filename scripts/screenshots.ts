/**
 * Screenshots of running pages in both languages and at desktop and phone widths, for review.
 *
 *   npx tsx scripts/screenshots.ts [--base http://localhost:4173] [--out docs/screenshots/foundation]
 *     [--page name=/path] [--page name=/path:auth] [--lang he --lang en] [--width 1280x800 --width 390x844]
 *
 * A page marked `:auth` is opened with a signed-in session in local storage. Files are named
 * <name>-<lang>-<width>.png. Uses Debian's Chromium (CHROMIUM_PATH overrides it); never downloads one.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { sessionHintCookie } from '../src/features/auth/session-hint';
import { AUTH_STORAGE_KEY, storedSessionEntries } from '../src/features/auth/stored-session';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

/** The cookie the app keeps beside a stored session; without it the server sends the list to /login. */
const signedInCookie = (base: string) => ({
  name: sessionHintCookie.name,
  value: sessionHintCookie.value,
  url: base,
});

interface PageSpec {
  name: string;
  path: string;
  auth: boolean;
}

interface Viewport {
  width: number;
  height: number;
}

const defaultPages = ['login=/login', 'properties=/properties:auth', 'tasks=/tasks:auth'];
const defaultLangs = ['he', 'en'];
const defaultWidths = ['1280x800', '390x844'];

const realSession = process.env.SCREENSHOT_SESSION
  ? (JSON.parse(process.env.SCREENSHOT_SESSION) as { jwtToken: string; userId: string })
  : null;
const sessionTokens = realSession
  ? { jwtToken: realSession.jwtToken, refreshToken: null, userId: realSession.userId }
  : { jwtToken: 'a.b.c', refreshToken: 'r', userId: 'u' };
/** The local-storage entries of a signed-in session, as the app writes them. */
const signedInSession = storedSessionEntries(sessionTokens);

function parsePage(spec: string): PageSpec {
  const [name, rest] = spec.split('=');
  if (!name || !rest) throw new Error(`--page must look like name=/path or name=/path:auth, got "${spec}"`);
  const auth = rest.endsWith(':auth');
  return { name, path: auth ? rest.slice(0, -':auth'.length) : rest, auth };
}

function parseViewport(spec: string): Viewport {
  const [width, height] = spec.split('x').map(Number);
  if (!width || !height) throw new Error(`--width must look like 1280x800, got "${spec}"`);
  return { width, height };
}

async function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://localhost:4173' },
      out: { type: 'string', default: 'docs/screenshots/foundation' },
      page: { type: 'string', multiple: true },
      lang: { type: 'string', multiple: true },
      width: { type: 'string', multiple: true },
      'full-page': { type: 'boolean', default: false },
      wizard: { type: 'boolean', default: false },
    },
  });
  if (values.wizard) {
    if (!realSession) throw new Error('--wizard needs SCREENSHOT_SESSION (see scripts/dev-token.ts)');
    await shootWizard({
      base: values.base,
      out: values.out,
      langs: values.lang ?? defaultLangs,
      viewports: (values.width ?? defaultWidths).map(parseViewport),
      session: signedInSession,
    });
    return;
  }
  const pages = (values.page ?? defaultPages).map(parsePage);
  const langs = values.lang ?? defaultLangs;
  const viewports = (values.width ?? defaultWidths).map(parseViewport);
  await mkdir(values.out, { recursive: true });

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
  try {
    for (const spec of pages) {
      for (const lang of langs) {
        for (const viewport of viewports) {
          const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
          if (spec.auth) await context.addCookies([signedInCookie(values.base)]);
          await context.addInitScript(
            ({ lang, session, sessionKey }) => {
              localStorage.setItem('i18nextLng', lang);
              if (!session) localStorage.removeItem(sessionKey);
              for (const [key, value] of Object.entries(session ?? {})) localStorage.setItem(key, value);
            },
            { lang, session: spec.auth ? signedInSession : null, sessionKey: AUTH_STORAGE_KEY },
          );
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          await page.goto(new URL(spec.path, values.base).toString(), { waitUntil: 'networkidle' });
          await page.evaluate(() => document.fonts.ready);
          const file = join(values.out, `${spec.name}-${lang}-${viewport.width}.png`);
          await page.screenshot({ path: file, fullPage: values['full-page'] });
          console.log(
            `${file}  (${page.url()})${errors.length ? `  page errors: ${errors.join('; ')}` : ''}`,
          );
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

// ---- the property wizard (--wizard) ----

interface WizardShotOptions {
  base: string;
  out: string;
  langs: string[];
  viewports: Viewport[];
  session: Record<string, string>;
}

type Page = Awaited<ReturnType<Awaited<ReturnType<typeof chromium.launch>>['newPage']>>;

const WIZARD_TEXT = {
  he: {
    next: 'הבא',
    publish: 'פרסום',
    resume: 'המשך לטיוטה',
    startFresh: 'התחלה מחדש',
    city: 'תל אביב-יפו',
    address: 'שדרות רוטשילד 22',
    other: 'סטודיו לפילאטיס',
    photos: ['חזית הבניין.png', 'לובי.png', 'קומה 12.png'],
    plan: 'תוכנית קומה 12.pdf',
    report: 'דוח קונסטרוקציה.pdf',
  },
  en: {
    next: 'Next',
    publish: 'Publish',
    resume: 'Take me to the draft',
    startFresh: 'Start fresh',
    city: 'Tel Aviv-Yafo',
    address: '22 Rothschild Blvd',
    other: 'Pilates studio',
    photos: ['Front.png', 'Lobby.png', 'Floor 12.png'],
    plan: 'Floor 12 plan.pdf',
    report: 'Structural report.pdf',
  },
} as const;

const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A photo-like PNG drawn in the page: a façade of lit windows, with grain so the file is a few MB. */
async function facadePng(page: Page, hue: number): Promise<Buffer> {
  const dataUrl = await page.evaluate((h) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 800;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const sky = g.createLinearGradient(0, 0, 0, 800);
    sky.addColorStop(0, `hsl(${h} 55% 70%)`);
    sky.addColorStop(1, `hsl(${h + 30} 40% 88%)`);
    g.fillStyle = sky;
    g.fillRect(0, 0, 1200, 800);
    g.fillStyle = `hsl(${h} 15% 28%)`;
    g.fillRect(330, 120, 540, 680);
    for (let row = 0; row < 12; row++) {
      for (let col = 0; col < 8; col++) {
        g.fillStyle = (row * 7 + col * 3) % 5 === 0 ? 'hsl(45 90% 70%)' : 'hsl(200 30% 55%)';
        g.fillRect(360 + col * 62, 150 + row * 52, 40, 32);
      }
    }
    const image = g.getImageData(0, 0, 1200, 800);
    for (let i = 0; i < image.data.length; i += 4) {
      const grain = (Math.random() - 0.5) * 24;
      image.data[i] = (image.data[i] ?? 0) + grain;
      image.data[i + 1] = (image.data[i + 1] ?? 0) + grain;
      image.data[i + 2] = (image.data[i + 2] ?? 0) + grain;
    }
    g.putImageData(image, 0, 0);
    return canvas.toDataURL('image/png');
  }, hue);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

async function settle(page: Page, ms = 400) {
  await page.waitForTimeout(ms);
}

async function clickNext(page: Page, text: (typeof WIZARD_TEXT)['he' | 'en']) {
  // Forced: a refused "next" is aria-disabled yet pressable (it then shows what is missing).
  await page.getByRole('button', { name: text.next, exact: true }).click({ force: true });
  await settle(page);
}

async function pickOption(page: Page, field: string, index = 0) {
  await page.click(`#wizard-field-${field}`);
  await page.locator('[role=option]:visible').nth(index).click();
  await page.keyboard.press('Escape');
}

async function answer(page: Page, field: string, value: 'yes' | 'no') {
  await page.locator(`#wizard-field-${field} input[value="${value}"]`).check();
}

async function chip(page: Page, field: string, value: string) {
  const id = await page.getAttribute(`#wizard-field-${field} input[value="${value}"]`, 'id');
  await page.click(`label[for="${id}"]`);
}

async function openNewWizard(page: Page, base: string, text: (typeof WIZARD_TEXT)['he' | 'en']) {
  await page.goto(new URL('/properties/create', base).toString(), { waitUntil: 'networkidle' });
  const fresh = page.getByRole('button', { name: text.startFresh });
  if (await fresh.isVisible().catch(() => false)) await fresh.click();
  await page.waitForSelector('[data-value=offices]');
  await page.evaluate(() => document.fonts.ready);
}

async function shootWizard(options: WizardShotOptions) {
  await mkdir(options.out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
  try {
    for (const lang of options.langs) {
      const text = WIZARD_TEXT[lang === 'en' ? 'en' : 'he'];
      for (const viewport of options.viewports) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
        await context.addCookies([signedInCookie(options.base)]);
        await context.addInitScript(
          ({ lang, session }) => {
            localStorage.setItem('i18nextLng', lang);
            for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
          },
          { lang, session: options.session },
        );
        const page = await context.newPage();
        page.on('pageerror', (error) => console.log(`  page error: ${error.message}`));
        // A tall viewport rather than fullPage: the app shell's fixed header and sidebar then stay in place.
        const shot = async (name: string, wholePage = true) => {
          await settle(page, 250);
          const file = join(options.out, `${name}-${lang}-${viewport.width}.png`);
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          if (wholePage && height > viewport.height) {
            await page.setViewportSize({ width: viewport.width, height });
            await settle(page, 250);
          }
          await page.screenshot({ path: file });
          await page.setViewportSize(viewport);
          console.log(file);
        };

        // Every step of an office, then a publish with files.
        await openNewWizard(page, options.base, text);
        await shot('offices-1-empty');
        await page.click('[data-value=offices]');
        await shot('offices-1');
        await clickNext(page, text);
        await shot('offices-2-empty');
        await clickNext(page, text);
        await shot('offices-2-errors');
        await page.fill('#wizard-field-city', text.city);
        await page.keyboard.press('Escape');
        await page.fill('#wizard-field-address', text.address);
        await pickOption(page, 'propertyCategory', 0);
        await pickOption(page, 'buildingClass', 0);
        await page.fill('#wizard-field-totalArea', '1250');
        await page.fill('#wizard-field-marketingArea', '1000');
        await page.fill('#wizard-field-askingRentPerSqm', '95');
        await page.fill('#wizard-field-salePrice', '42000000');
        await page.locator('h2').first().click();
        await shot('offices-2');
        await clickNext(page, text);
        await page.fill('#wizard-field-floorsInBuilding', '30');
        await answer(page, 'accessibleForDisabled', 'yes');
        await answer(page, 'passengerElevator', 'yes');
        await answer(page, 'freightElevator', 'no');
        await answer(page, 'hasParking', 'yes');
        await page.fill('#wizard-field-parkingMonthlyCost', '650');
        await answer(page, 'bicycleParking', 'yes');
        await page.locator('#wizard-field-lobbyType input[value="staffedLobby"]').check();
        await chip(page, 'truckAccess', 'none');
        await chip(page, 'securityMeasures', 'cameras');
        await chip(page, 'securityMeasures', 'controlledAccess');
        await chip(page, 'nearbyParking', 'publicParking');
        await shot('offices-3');
        await clickNext(page, text);
        for (const value of ['lightRail', 'trainStation']) await chip(page, 'publicTransport', value);
        await chip(page, 'mainTrafficRoutes', 'highways');
        await chip(page, 'portsAirportsProximity', 'benGurionAirport');
        for (const value of ['cafeteria', 'gym', 'showers']) await chip(page, 'onsiteAmenities', value);
        await shot('offices-4');
        await clickNext(page, text);
        const photos = await Promise.all([190, 25, 140].map((hue) => facadePng(page, hue)));
        await page.setInputFiles(
          'input[name="media-propertyImages"]',
          photos.map((buffer, i) => ({ name: text.photos[i] ?? 'photo.png', mimeType: 'image/png', buffer })),
        );
        await page.setInputFiles('input[name="media-floorplans"]', {
          name: text.plan,
          mimeType: 'application/pdf',
          buffer: TINY_PDF,
        });
        await page.setInputFiles('input[name="media-technicalReports"]', {
          name: text.report,
          mimeType: 'application/pdf',
          buffer: TINY_PDF,
        });
        await shot('offices-5');
        await clickNext(page, text);
        await shot('offices-6');
        // A slow uplink, so the progress bar is caught half-way.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 20,
          downloadThroughput: -1,
          uploadThroughput: 600 * 1024,
        });
        await page.getByRole('button', { name: text.publish, exact: true }).click();
        await page.waitForSelector('[role=progressbar][aria-valuenow]:not([aria-valuenow="0"])', {
          timeout: 15_000,
        });
        await shot('offices-publishing', false);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
        await page.waitForURL((url) => url.pathname === '/properties', { timeout: 60_000 });
        await settle(page, 800);
        await shot('offices-published', false);

        // Step 2 of the other kinds, with more uses than the tags show.
        for (const kind of ['retail', 'logistics', 'industry']) {
          await openNewWizard(page, options.base, text);
          await page.click(`[data-value=${kind}]`);
          await clickNext(page, text);
          await page.click('#wizard-field-usageCategories');
          const last = (await page.locator('[role=option]:visible').count()) - 1;
          for (const index of [0, 1, last]) await page.locator('[role=option]:visible').nth(index).click();
          await page.keyboard.press('Escape');
          await page.fill('#wizard-field-usageCategoriesOther', text.other);
          await page.fill('#wizard-field-city', text.city);
          await page.keyboard.press('Escape');
          await page.locator('h2').first().click();
          await shot(`${kind}-2`);
        }

        // The resume offer after a reload (the industry draft above).
        await settle(page, 900);
        await page.reload({ waitUntil: 'networkidle' });
        await page.getByRole('button', { name: text.resume }).waitFor();
        await shot('resume-dialog', false);
        await page.getByRole('button', { name: text.resume }).click();
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
