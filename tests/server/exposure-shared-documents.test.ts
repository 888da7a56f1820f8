/**
 * Issue 23: once the order is signed, the client's page offers each property's documents that the
 * broker shares with clients, by the share page's own rule: what a live share link of the property
 * offers. Never a document kept private, one only on a withdrawn link, or a photo; never before the
 * signature, and never to a browser that did not verify.
 */
import { describe, expect, it } from 'vitest';
import { appWithFilesForTests } from './helpers/app-for-tests';
import { brokerWithProfile, clientBrowser, RecordingSms, sendExposureRequest } from './helpers/exposure';
import { createProperty, publishableOffice, SAMPLE_FILES } from './helpers/properties';
import { addFiles, createShareLink, samplePhoto } from './helpers/share';

describe('the revealed page offers the shared documents', () => {
  const sms = new RecordingSms();
  const testApp = appWithFilesForTests({ sms });

  it('lists and sends what a live share link offers, and nothing else', async () => {
    const { headers } = await brokerWithProfile(testApp);
    const created = await createProperty(testApp, headers, publishableOffice({ address: 'הברזל 30' }));
    const property = await addFiles(testApp, headers, created.id, {
      PropertyImages: [{ content: await samplePhoto(800, 600) }],
      Floorplans: [
        { content: SAMPLE_FILES.pdf, filename: 'תוכנית קומה.pdf', fileType: 'document' },
        { content: SAMPLE_FILES.pdf, filename: 'תוכנית ישנה.pdf', fileType: 'document' },
      ],
      TechnicalReports: [{ content: SAMPLE_FILES.pdf, filename: 'דוח פנימי.pdf', fileType: 'document' }],
    });
    const [plan, oldPlan] = property.files.floorplans;
    await createShareLink(testApp, headers, property.id, { documentFileIds: [plan?.id ?? ''] });
    const withdrawn = await createShareLink(testApp, headers, property.id, {
      documentFileIds: [oldPlan?.id ?? ''],
    });
    const revoked = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/share-links/${withdrawn.id}`,
      headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const second = await createProperty(testApp, headers, publishableOffice({ address: 'ויצמן 4' }));

    const clientPhone = '+972541116610';
    const link = await sendExposureRequest(testApp, sms, headers, {
      clientPhone,
      properties: [
        { propertyId: property.id, approximatePrice: 31_500 },
        { propertyId: second.id, approximatePrice: 18_000 },
      ],
      fee: { basis: 'percent', percent: 8 },
    });
    const { token } = link;
    const phone = clientBrowser(testApp, sms);
    const documentUrl = `/e/${token}/documents/1/1`;

    // Verified but not signed: nothing of the documents.
    await phone.verify(link);
    const unsigned = await phone.get(`/e/${token}`);
    expect(unsigned.body).toContain('חתימה על ההזמנה');
    expect(unsigned.body).not.toContain('תוכנית קומה');
    expect((await phone.get(documentUrl)).statusCode).toBe(404);

    const signed = await phone.post(`/e/${token}/sign`, {
      fullName: 'יוסי כהן',
      idNumber: '000000018',
      address: 'הרצל 1, חיפה',
      consent: 'yes',
    });
    expect(signed.statusCode).toBe(303);
    const page = (await phone.get(`/e/${token}`)).body;
    expect(page).toContain('<h3>מסמכים</h3>');
    expect(page).toContain(`<a href="${documentUrl}" download><bdi>תוכנית קומה.pdf</bdi></a>`);
    for (const hidden of ['תוכנית ישנה', 'דוח פנימי', '/photos/', `/e/${token}/documents/2/`]) {
      expect(page, hidden).not.toContain(hidden);
    }
    // No internal id of a file or property on the page.
    for (const id of [property.id, second.id, plan?.id, oldPlan?.id]) expect(page).not.toContain(id);

    const download = await phone.get(documentUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    for (const missing of ['1/2', '2/1', '0/1', '1/0', 'x/1']) {
      expect((await phone.get(`/e/${token}/documents/${missing}`)).statusCode, missing).toBe(404);
    }
    // A forwarded link: no viewer cookie, no document.
    const forwarded = await testApp.app.inject({ method: 'GET', url: documentUrl });
    expect(forwarded.statusCode).toBe(404);

    const english = (await phone.get(`/e/${token}?lang=en`)).body;
    expect(english).toContain('<h3>Documents</h3>');
    expect(english).toContain('תוכנית קומה.pdf');
  });
});
