import { formatArea, formatShekel } from '@domain/format';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithFilesForTests } from './helpers/app-for-tests';
import { buildTestApp } from './helpers/build-test-app';
import { createProperty, type Property, publishableOffice, SAMPLE_FILES } from './helpers/properties';
import { addFiles, createShareLink, samplePhoto } from './helpers/share';
import { bearer, createUser } from './helpers/sign-in';

/**
 * Stored-XSS payloads: the generated-input suite's script tag and the HTML and SVG uploads of
 * tests/server/helpers (SAMPLE_FILES.html, .svg), with the attribute and URL breakouts a template
 * has to survive.
 */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  SAMPLE_FILES.html.toString('utf8'),
  SAMPLE_FILES.svg.toString('utf8'),
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
  '</title><script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the payload.
  '`${alert(1)}`',
];

describe('the public share page /p/{token}', () => {
  const testApp = appWithFilesForTests({ sharePageRateLimit: 1000 });
  let ownerId: string;
  let headers: Record<string, string>;
  let property: Property;
  let original: Buffer;

  beforeAll(async () => {
    const owner = await createUser(testApp.db, {
      firstName: 'יעל',
      lastName: 'ברק',
      phoneNumber: '+972521112233',
    });
    ownerId = owner.id;
    headers = await bearer(testApp, ownerId);
    property = await createProperty(
      testApp,
      headers,
      publishableOffice({ address: 'רוטשילד 22', city: 'תל אביב-יפו', askingRentPerSqm: 95 }),
    );
    original = await samplePhoto();
    property = await addFiles(testApp, headers, property.id, {
      PropertyImages: [{ content: original }, { content: await samplePhoto(1600, 1200, '#8a6db3') }],
      Floorplans: [{ content: SAMPLE_FILES.pdf, filename: 'קומה 3.pdf', fileType: 'document' }],
      TechnicalReports: [{ content: SAMPLE_FILES.pdf, filename: 'דוח פנימי.pdf', fileType: 'document' }],
    });
  });

  const open = (path: string, requestHeaders: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: path, headers: { host: 'share.example', ...requestHeaders } });

  it('renders the property as HTML, in Hebrew and right to left, with preview tags and noindex', async () => {
    const link = await createShareLink(testApp, headers, property.id);
    const response = await open(link.path);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    const page = response.body;
    expect(page).toMatch(/^<!doctype html><html lang="he" dir="rtl">/);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page).toContain('<h1>משרדים בתל אביב-יפו</h1>');
    expect(page).toMatch(
      new RegExp(
        `<meta property="og:image" content="http://share\\.example${link.path}/photos/[\\w-]{12}-1024\\.jpg">`,
      ),
    );
    expect(page).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
    expect(page).toContain('<meta property="og:title" content="משרדים בתל אביב-יפו">');
    // The preview quotes the part marketed (1,000 of 1,250 m²).
    expect(page).toContain(
      `<meta name="description" content="תל אביב-יפו · ${formatArea(property.marketingArea, 'he')}">`,
    );
    // Key facts, deal terms and the broker's card.
    expect(page).toContain('מגדל משרדים');
    expect(page).toContain('למ״ר לחודש');
    expect(page).toContain('יעל ברק');
    expect(page).toContain('href="tel:+972521112233"');
    expect(page).toContain('href="https://wa.me/972521112233?text=');
    expect(page).toContain('href="?lang=en"');
    expect(page).not.toMatch(/<script/i);
  });

  it('shows the street and number only on a link that says so', async () => {
    const hidden = await open((await createShareLink(testApp, headers, property.id)).path);
    expect(hidden.body).not.toContain('רוטשילד');
    const shown = await open(
      (await createShareLink(testApp, headers, property.id, { showExactAddress: true })).path,
    );
    expect(shown.body).toContain('רוטשילד 22, תל אביב-יפו');
  });

  it('leaks no internal id, owner data, hidden field or unchosen document', async () => {
    const floorplan = property.files.floorplans[0];
    const link = await createShareLink(testApp, headers, property.id, {
      documentFileIds: floorplan ? [floorplan.id] : [],
    });
    const page = (await open(link.path)).body;

    const files = Object.values(property.files).flat();
    const secrets = [
      property.id,
      ownerId,
      link.id,
      ...files.map((file) => file.id),
      'dana',
      '@example',
      'dataCompletion',
      'wizardStep',
      'hasEngagements',
      'activePublications',
      'draft',
      'רוטשילד',
      'דוח פנימי',
      '/api/',
    ];
    for (const secret of secrets) expect(page, secret).not.toContain(secret);
    expect(page).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    // The chosen document is there, by its place in the list.
    expect(page).toContain(`href="${link.path}/documents/1" download><bdi>קומה 3.pdf</bdi>`);
    const download = await open(`${link.path}/documents/1`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect((await open(`${link.path}/documents/2`)).statusCode).toBe(404);
  });

  it('escapes every stored value: the XSS payloads come out as text', async () => {
    for (const payload of XSS_PAYLOADS) {
      const author = await createUser(testApp.db, { firstName: payload, lastName: payload });
      const authorHeaders = await bearer(testApp, author.id);
      const hostile = await createProperty(
        testApp,
        authorHeaders,
        publishableOffice({ address: payload.slice(0, 200), city: payload.slice(0, 80) }),
      );
      const withFile = await addFiles(testApp, authorHeaders, hostile.id, {
        Floorplans: [
          {
            content: SAMPLE_FILES.pdf,
            filename: `${payload.replace(/[/\\"\n]/g, '')}.pdf`,
            fileType: 'document',
          },
        ],
      });
      const documentIds = withFile.files.floorplans.map((file) => file.id);
      const link = await createShareLink(testApp, authorHeaders, hostile.id, {
        showExactAddress: true,
        label: payload.slice(0, 80),
        documentFileIds: documentIds,
      });
      for (const lang of ['he', 'en']) {
        const page = (await open(`${link.path}?lang=${lang}`)).body;
        // No element of theirs and no event attribute inside any tag: the payload stayed text.
        // Attribute values emptied first: escaped quotes keep a payload inside its own value.
        const tags = page.replace(/"[^"]*"/g, '""');
        expect(tags, payload).not.toMatch(/<script|<svg|<img src=x|<[^>]*\son\w+=/i);
        expect(page, payload).not.toContain('href="javascript:');
        if (payload.includes('<')) expect(page, payload).toContain('&lt;');
      }
    }
  });

  it('serves resized WebP and JPEG photos for srcset, made once and cached for good', async () => {
    const link = await createShareLink(testApp, headers, property.id);
    const page = (await open(link.path)).body;
    const sources = [...page.matchAll(/srcset="([^"]+)"/g)].flatMap((match) =>
      (match[1] as string).split(', ').map((entry) => entry.split(' ')[0] as string),
    );
    expect(sources.length).toBeGreaterThan(4);
    expect(
      sources.every((source) => /\/photos\/[\w-]{12}-(320|640|1024|1600)\.(webp|jpg)$/.test(source)),
    ).toBe(true);

    const webp = sources.find((source) => source.endsWith('-640.webp')) as string;
    const first = await open(webp);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(first.rawPayload).metadata()).width).toBe(640);
    expect(first.rawPayload.length).toBeLessThan(original.length / 4);
    const again = await open(webp);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const jpeg = sources.find((source) => source.endsWith('-1024.jpg')) as string;
    const large = await open(jpeg);
    expect(large.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(large.rawPayload).metadata()).width).toBe(1024);
    // A width the page never asks for, and a photo that is not this property's, are not served.
    expect((await open(webp.replace('-640.', '-500.'))).statusCode).toBe(404);
    expect((await open(webp.replace(/photos\/[\w-]{12}/, 'photos/AAAAAAAAAAAA'))).statusCode).toBe(404);
  });

  it('shows the description, the deal terms, the unit facts and the tour link, in Hebrew and English', async () => {
    const warehouse = await createProperty(
      testApp,
      headers,
      publishableOffice({
        propertyKind: 'logistics',
        propertyCategory: 'logisticsPark',
        usageCategories: ['dryStorage'],
        freightElevator: true,
        dealType: 'rentOrSale',
        askingRentPerSqm: 45,
        salePrice: 12_500_000,
        managementFeePerSqm: 8,
        arnonaPerSqm: 12,
        entryDate: '2027-03-01',
        floor: 0,
        parkingSpaces: 4,
        condition: 'renovated',
        airConditioning: 'central',
        clearHeight: 12.5,
        loadingDocks: 6,
        floorLoad: 3,
        electricalCapacity: 400,
        description: 'מחסן לוגיסטי ליד כביש 6.\nכניסה מיידית.',
        tourLink: 'https://youtu.be/dQw4w9WgXcQ',
      }),
    );
    const link = await createShareLink(testApp, headers, warehouse.id);
    const fact = (label: string, value: string) => `<dt>${label}</dt><dd>${value}</dd>`;

    const hebrew = (await open(`${link.path}?lang=he`)).body;
    for (const expected of [
      fact('סוג העסקה', 'להשכרה או למכירה'),
      fact('דמי ניהול', `${formatShekel(8, 'he')} למ״ר לחודש`),
      fact('ארנונה', `${formatShekel(12, 'he')} למ״ר לחודש`),
      fact('מועד כניסה', '1 במרץ 2027'),
      fact('קומה', '0'),
      fact('חניות צמודות', '4'),
      fact('מצב הנכס', 'משופץ'),
      fact('מיזוג', 'מיזוג מרכזי'),
      fact('גובה תקרה נטו', '12.5\u00a0מ&#39;'),
      fact('רמפות העמסה', '6'),
      fact('עומס רצפה', '3\u00a0טון למ״ר'),
      fact('חיבור חשמל', '400\u00a0אמפר'),
      '<h2>תיאור הנכס</h2>',
      '<p class="description" dir="auto">מחסן לוגיסטי ליד כביש 6.\nכניסה מיידית.</p>',
      'href="https://youtu.be/dQw4w9WgXcQ" rel="noopener noreferrer">פתיחה ב-YouTube</a>',
    ]) {
      expect(hebrew).toContain(expected);
    }
    expect(hebrew).toMatch(/<dt>מחיר מבוקש<\/dt><dd>[^<]*12,500,000/);
    expect(hebrew).not.toMatch(/<iframe|<script/i);

    const english = (await open(`${link.path}?lang=en`)).body;
    for (const expected of [
      fact('Deal type', 'For rent or sale'),
      fact('Arnona (municipal tax)', `${formatShekel(12, 'en')} per m² per month`),
      fact('Entry date', '1 March 2027'),
      fact('Floor', '0'),
      fact('Parking spaces included', '4'),
      fact('Condition', 'Renovated'),
      fact('Air conditioning', 'Central'),
      fact('Clear height', '12.5\u00a0m'),
      fact('Loading docks', '6'),
      fact('Floor load', '3\u00a0t/m²'),
      fact('Electrical capacity', '400\u00a0A'),
      '<h2>Description</h2>',
      'rel="noopener noreferrer">Open on YouTube</a>',
    ]) {
      expect(english).toContain(expected);
    }
  });

  it("escapes HTML in the description: the broker's text stays text", async () => {
    const hostile = await createProperty(
      testApp,
      headers,
      publishableOffice({ description: '<img src=x onerror=alert(1)><b>קומה מלאה</b> & "נוף"' }),
    );
    const page = (await open((await createShareLink(testApp, headers, hostile.id)).path)).body;
    expect(page).toContain(
      '&lt;img src=x onerror=alert(1)&gt;&lt;b&gt;קומה מלאה&lt;/b&gt; &amp; &quot;נוף&quot;',
    );
    expect(page).not.toMatch(/<img src=x|<b>/);
  });

  it('shows an edit to the property on the very next request', async () => {
    const input = publishableOffice({ description: 'קומה שלמה, כניסה מיידית' });
    const edited = await createProperty(testApp, headers, input);
    const link = await createShareLink(testApp, headers, edited.id);
    expect((await open(link.path, { 'accept-encoding': 'br' })).statusCode).toBe(200);
    expect((await open(link.path)).body).toContain('קומה שלמה, כניסה מיידית');

    const update = await testApp.app.inject({
      method: 'PUT',
      url: `/api/property/update/${edited.id}`,
      headers,
      payload: { ...input, description: 'חצי קומה, כניסה בעוד חודש' },
    });
    expect(update.statusCode).toBe(200);
    const page = (await open(link.path)).body;
    expect(page).toContain('חצי קומה, כניסה בעוד חודש');
    expect(page).not.toContain('קומה שלמה');
  });

  it('never sends a phone the 1600 px cover, whatever its pixel ratio', async () => {
    const page = (await open((await createShareLink(testApp, headers, property.id)).path)).body;
    const hero = /<figure class="hero"><picture>([\s\S]*?)<\/picture>/.exec(page)?.[1] ?? '';
    const phoneSources = [...hero.matchAll(/<source [^>]*media="\(max-width: 719px\)"[^>]*>/g)].map(
      (match) => match[0],
    );
    expect(phoneSources).toHaveLength(2);
    for (const source of phoneSources) {
      expect(source).toMatch(/-1024\.(webp|jpg) 1024w/);
      expect(source).not.toContain('-1600.');
    }
    // A desktop still gets the large cover.
    expect(hero).toMatch(/-1600\.webp 1600w/);
  });

  it('offers the other language one link away', async () => {
    const link = await createShareLink(testApp, headers, property.id, { language: 'en' });
    const english = (await open(link.path)).body;
    expect(english).toMatch(/<html lang="en" dir="ltr">/);
    expect(english).toContain('<h1>Offices in תל אביב-יפו</h1>');
    expect(english).toContain('href="?lang=he"');
    const hebrew = (await open(`${link.path}?lang=he`)).body;
    expect(hebrew).toMatch(/<html lang="he" dir="rtl">/);
  });

  it('answers 410 in Hebrew, with nothing of the property, once a link is revoked or expired', async () => {
    const revoked = await createShareLink(testApp, headers, property.id);
    expect((await open(revoked.path)).statusCode).toBe(200);
    await testApp.app.inject({ method: 'DELETE', url: `/api/share-links/${revoked.id}`, headers });
    const inAMinute = new Date(testApp.clock.now().getTime() + 60_000).toISOString();
    const expiring = await createShareLink(testApp, headers, property.id, { expiresAt: inAMinute });
    const photo = /\/photos\/[\w-]{12}-640\.webp/.exec((await open(expiring.path)).body)?.[0] as string;
    testApp.clock.advance(61_000);

    for (const path of [revoked.path, expiring.path]) {
      const response = await open(path);
      expect(response.statusCode).toBe(410);
      expect(response.body).toContain('הקישור אינו פעיל עוד');
      for (const shown of ['תל אביב', 'משרדים', 'יעל', 'og:image', '/photos/']) {
        expect(response.body).not.toContain(shown);
      }
    }
    expect((await open(`${expiring.path}${photo}`)).statusCode).toBe(410);
    expect((await open(`${expiring.path}/documents/1`)).statusCode).toBe(410);
    testApp.clock.advance(-61_000);
  });

  it('answers 404 for a token nobody was given, well formed or not', async () => {
    for (const path of [`/p/${'A'.repeat(43)}`, '/p/short', '/p/%3Cscript%3E']) {
      const response = await open(path);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('הקישור לא נמצא');
    }
  });

  it('counts opens per link without cookies: total, distinct devices, first and last; robots do not count', async () => {
    const link = await createShareLink(testApp, headers, property.id);
    const phone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' };
    const laptop = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' };
    await open(link.path, { 'user-agent': 'WhatsApp/2.23.20.0 A' });
    await open(link.path, { 'user-agent': 'facebookexternalhit/1.1' });
    const first = await open(link.path, phone);
    expect(first.headers['set-cookie']).toBeUndefined();
    testApp.clock.advance(60_000);
    await open(link.path, phone);
    await open(link.path, laptop);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const listed = await testApp.app.inject({
      method: 'GET',
      url: `/api/property/${property.id}/share-links`,
      headers,
    });
    const opens = (listed.json().data as { id: string; opens: unknown }[]).find(
      (entry) => entry.id === link.id,
    )?.opens;
    const start = testApp.clock.now().getTime() - 60_000;
    expect(opens).toEqual({
      total: 3,
      devices: 2,
      firstAt: new Date(start).toISOString(),
      lastAt: new Date(start + 60_000).toISOString(),
    });
    const list = await testApp.app.inject({ method: 'GET', url: '/api/property/list?pageSize=50', headers });
    const item = list.json().data.items.find((entry: { id: string }) => entry.id === property.id);
    expect(item.shareOpens).toBeGreaterThanOrEqual(3);
  });

  it('limits page loads per address', async () => {
    const limited = await buildTestApp({
      database: testApp.database,
      config: { dataDir: testApp.dataDir },
      sharePageRateLimit: 3,
    });
    try {
      const link = await createShareLink(testApp, headers, property.id);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await limited.app.inject({ method: 'GET', url: link.path })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
