/**
 * Screenshots of the sign-in and registration screens, walked for real against a running server in
 * Hebrew and English, at desktop and phone widths. Codes are read from the dev SMS outbox.
 *
 *   npm run build
 *   PORT=4312 DATA_DIR=$(mktemp -d) AUTH_RATE_LIMIT_PER_MINUTE=500 npx tsx server/main.ts &
 *   npx tsx scripts/screenshot-sign-in.ts [--base http://localhost:4312] [--out docs/screenshots/sign-in]
 *     [--lang he --lang en] [--width 1280x800 --width 390x844]
 *
 * Per language and width: login (empty, invalid, code sent, code entry, wrong code, signed in), an
 * incomplete verify link, registration (errors, filled, code entry, company details, completion) and
 * the resume dialog of a registration met on a fresh tab. Each walk uses new phone numbers, so the
 * server's per-phone limits never get in the way. Uses Debian's Chromium (CHROMIUM_PATH overrides it).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import enAuth from '../src/i18n/locales/en/auth.json' with { type: 'json' };
import enOptions from '../src/i18n/locales/en/options.json' with { type: 'json' };
import heAuth from '../src/i18n/locales/he/auth.json' with { type: 'json' };
import heOptions from '../src/i18n/locales/he/options.json' with { type: 'json' };
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

const PEOPLE = {
  he: { firstName: 'דנה', lastName: 'לוי', company: 'לוי נדל"ן מסחרי', position: 'מנהלת שיווק נכסים' },
  en: { firstName: 'Dana', lastName: 'Levi', company: 'Levi Commercial Realty', position: 'Leasing manager' },
} as const;

interface Viewport {
  width: number;
  height: number;
}

function parseViewport(spec: string): Viewport {
  const [width, height] = spec.split('x').map(Number);
  if (!width || !height) throw new Error(`--width must look like 1280x800, got "${spec}"`);
  return { width, height };
}

let phoneSeed = Math.floor(Math.random() * 9_000_000);
/** A fresh Israeli mobile number (054-xxx-xxxx) for each walk. */
function newPhone(): string {
  phoneSeed = (phoneSeed + 7919) % 9_000_000;
  return `+97254${String(1_000_000 + phoneSeed).padStart(7, '0')}`;
}

const national = (e164: string) => `0${e164.slice(4)}`;

async function api<T>(
  base: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(new URL(`/api${path}`, base), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { success: boolean; data: T; Message?: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${json.Message ?? ''}`);
  return json.data;
}

async function latestCode(base: string, phone: string): Promise<string> {
  const messages = await api<{ code: string }[]>(base, `/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
  const code = messages[0]?.code;
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** A registered user made through the API (lead, code, verify, company, register): someone who can sign in. */
async function registerThroughApi(base: string, lang: 'he' | 'en'): Promise<string> {
  const phoneNumber = newPhone();
  const person = PEOPLE[lang];
  const personal = {
    firstName: person.firstName,
    lastName: person.lastName,
    email: `dana.${phoneNumber.slice(-4)}@example.co.il`,
    phoneNumber,
    acceptedTerms: true,
  };
  const lead = await api<{ id: string; leadSecret: string }>(base, '/login/leads/save', personal);
  const proof = { 'x-lead-secret': lead.leadSecret };
  const { otpSessionId } = await api<{ otpSessionId: string }>(base, '/login/Otp/send', {
    phoneNumber,
    process: 'registration',
    leadId: lead.id,
  });
  const otpCode = await latestCode(base, phoneNumber);
  await api(base, '/login/Otp/verify', { otpSessionId, otpCode, process: 'registration', leadId: lead.id });
  await api(
    base,
    '/login/leads/save',
    {
      ...personal,
      id: lead.id,
      companyName: person.company,
      companyType: 'brokerage',
      position: person.position,
    },
    proof,
  );
  await api(base, '/login/auth/register/lead', { leadId: lead.id }, proof);
  return phoneNumber;
}

interface Shot {
  page: Page;
  out: string;
  lang: string;
  width: number;
}

async function shoot({ page, out, lang, width }: Shot, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
  const file = join(out, `${name}-${lang}-${width}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

async function typeCode(page: Page, code: string) {
  const first = page.locator('input[autocomplete="one-time-code"]').first();
  await first.waitFor();
  await first.click();
  await page.keyboard.type(code, { delay: 30 });
}

async function newPage(browser: Browser, lang: string, viewport: Viewport) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  await context.addInitScript((language) => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', language);
  }, lang);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

async function walkLogin(browser: Browser, base: string, shot: Omit<Shot, 'page'>, viewport: Viewport) {
  const lang = shot.lang === 'en' ? 'en' : 'he';
  const text = lang === 'en' ? enAuth : heAuth;
  const phone = await registerThroughApi(base, lang);
  const { context, page } = await newPage(browser, lang, viewport);
  const s = { ...shot, page };

  await page.goto(new URL('/login', base).toString(), { waitUntil: 'networkidle' });
  await shoot(s, '01-login');

  await page.getByRole('button', { name: text.login.submit }).click();
  await page
    .getByRole('button', { name: text.social.continueWith.replace('{{provider}}', 'Google') })
    .click();
  await shoot(s, '02-login-invalid-and-social-note');

  // The account was made with a code seconds ago: the server asks for the 30 s between codes first.
  await page.locator('input[type="tel"]').fill(national(phone));
  await page.getByRole('button', { name: text.login.submit }).click();
  await page.getByRole('alert').waitFor();
  await shoot(s, '03-login-wait-before-next-code');

  await page.waitForTimeout(31_000);
  await page.getByRole('button', { name: text.login.submit }).click();
  await page.getByText(text.authCommon.otpCodeSent).waitFor();
  await shoot(s, '04-login-code-sent');

  await page.waitForURL(/\/auth\/verify-otp/);
  await shoot(s, '05-login-verify');

  const code = await latestCode(base, phone);
  await typeCode(page, String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('alert').or(page.locator('[aria-live] .mantine-InputWrapper-error')).first().waitFor();
  await page.waitForTimeout(300);
  await shoot(s, '06-login-verify-wrong-code');

  await typeCode(page, code);
  await page.waitForURL(/\/properties/);
  await page.waitForLoadState('networkidle');
  await shoot(s, '07-signed-in-properties');

  await page.goto(new URL('/auth/verify-otp?type=auth', base).toString(), { waitUntil: 'networkidle' });
  await shoot(s, '08-verify-link-incomplete');
  await context.close();
}

async function walkRegistration(
  browser: Browser,
  base: string,
  shot: Omit<Shot, 'page'>,
  viewport: Viewport,
) {
  const lang = shot.lang === 'en' ? 'en' : 'he';
  const text = lang === 'en' ? enAuth : heAuth;
  const options = lang === 'en' ? enOptions : heOptions;
  const person = PEOPLE[lang];
  const phone = newPhone();
  const { context, page } = await newPage(browser, lang, viewport);
  const s = { ...shot, page };

  await page.goto(new URL('/register', base).toString(), { waitUntil: 'networkidle' });
  await shoot(s, '10-register-empty');

  await page.locator('input[autocomplete="given-name"]').fill(person.firstName);
  await page.locator('input[autocomplete="family-name"]').fill('L3vi');
  await page.locator('input[autocomplete="email"]').fill('dana@');
  await page.locator('input[type="tel"]').fill(national(phone));
  await page.locator('input[type="checkbox"]').check();
  await page.getByRole('button', { name: text.register.submit }).click();
  await page.waitForTimeout(300);
  await shoot(s, '11-register-errors');

  await page.locator('input[autocomplete="family-name"]').fill(person.lastName);
  await page.locator('input[autocomplete="email"]').fill(`dana.${phone.slice(-4)}@example.co.il`);
  await shoot(s, '12-register-filled');

  await page.getByRole('button', { name: text.register.submit }).click();
  await page.getByText(text.authCommon.otpCodeSent).waitFor();
  await page.waitForURL(/\/auth\/verify-otp/);
  await shoot(s, '13-register-verify');
  const verifyUrl = page.url();

  // The same link in a new tab: a registration in progress, met fresh.
  const fresh = await context.newPage();
  await fresh.goto(verifyUrl, { waitUntil: 'networkidle' });
  await fresh.getByRole('dialog').waitFor();
  await shoot({ ...s, page: fresh }, '14-register-resume-dialog');
  await fresh.close();

  await typeCode(page, await latestCode(base, phone));
  await page.waitForURL(/\/register\/verified/);
  await page.locator('input[autocomplete="organization-title"]').waitFor();
  await shoot(s, '15-register-company');

  await page.getByRole('button', { name: text.company.submit }).click();
  await page.waitForTimeout(300);
  await shoot(s, '16-register-company-errors');

  await page.locator('input[autocomplete="organization"]').fill(person.company);
  await page.getByRole('combobox', { name: text.company.companyType }).click();
  await page.getByRole('option', { name: options.companyType.propertyManagement }).click();
  await page.locator('input[autocomplete="organization-title"]').fill(person.position);
  await page.getByRole('button', { name: text.company.submit }).click();
  await page.getByRole('dialog').waitFor();
  await shoot(s, '17-register-completed');

  await page.getByRole('dialog').getByRole('button', { name: text.completion.close }).last().click();
  await page.waitForURL((url) => url.pathname === '/');
  await context.close();
}

async function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://localhost:4312' },
      out: { type: 'string', default: 'docs/screenshots/sign-in' },
      lang: { type: 'string', multiple: true },
      width: { type: 'string', multiple: true },
    },
  });
  const langs = values.lang ?? ['he', 'en'];
  const viewports = (values.width ?? ['1280x800', '390x844']).map(parseViewport);
  await mkdir(values.out, { recursive: true });

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
  try {
    for (const lang of langs) {
      for (const viewport of viewports) {
        const shot = { out: values.out, lang, width: viewport.width };
        await walkLogin(browser, values.base, shot, viewport);
        await walkRegistration(browser, values.base, shot, viewport);
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
