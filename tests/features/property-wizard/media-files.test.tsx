import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../../server/helpers/properties';
import { phoneViewportForFile } from '../helpers/phone-viewport';
import { fillPublishable, goNext } from './fill-steps';
import {
  dropzoneInput,
  getProperty,
  listProperties,
  png,
  publishButton,
  renderWizard,
  setUpWizardServer,
  signUp,
} from './wizard-harness';

const viewport = phoneViewportForFile();

// Each test fills four steps by typing, then uploads through sharp's checks. It runs first in the screen
// project's shared worker (longest file first), so it also loads the wizard's lazy screens for the
// files after it; under a load of 7-15 it passed 20 s, the project's limit.
describe('choosing files in the media step', { timeout: 45_000 }, () => {
  const env = setUpWizardServer();

  it('refuses a text file named .png with its reason, and the rest of the property saves', async () => {
    const owner = await signUp(env.server);
    const { user, router, container } = await renderWizard(owner);
    await fillPublishable(user, 'offices');

    // The browser believes the name: the type says image/png, but the bytes are plain text.
    const fake = new File(['just some notes, not a picture'], 'plan.png', { type: 'image/png' });
    await user.upload(dropzoneInput(container, 'propertyImages'), [fake, png('חזית.png')]);

    const photos = screen.getByRole('region', { name: 'תמונות הנכס' });
    const refused = await within(photos).findByRole('alert');
    expect(refused).toHaveTextContent('plan.png: הקובץ אינו תמונה מסוג JPEG, PNG או WebP');
    await waitFor(() => expect(within(photos).getAllByRole('listitem')).toHaveLength(2));
    const kept = within(photos)
      .getAllByRole('listitem')
      .filter((item) => !refused.contains(item));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toHaveTextContent('חזית.png');

    await goNext(user, 'סקירה ופרסום');
    await user.click(publishButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    const [summary] = await listProperties(env.server, owner);
    const stored = await getProperty(env.server, owner, summary?.id ?? '');
    expect(stored.files.propertyImages.map((file) => file.fileName)).toEqual(['חזית.png']);
  });

  it('saves the caption typed under a photo with it, and explains a caption it would refuse', async () => {
    const owner = await signUp(env.server);
    const { user, router, container } = await renderWizard(owner);
    await fillPublishable(user, 'offices');
    await user.upload(dropzoneInput(container, 'propertyImages'), [png('חזית.png'), png('לובי.png')]);

    const photos = screen.getByRole('region', { name: 'תמונות הנכס' });
    const front = await within(photos).findByRole('textbox', { name: 'כיתוב לתמונה חזית.png' });
    await user.type(front, 'חזית\u202Eהבניין');
    expect(front).toHaveAccessibleDescription(/תווים נסתרים/);
    await user.clear(front);
    await user.type(front, 'חזית הבניין מרחוב הברזל');
    expect(front).not.toHaveAttribute('aria-invalid', 'true');

    await goNext(user, 'סקירה ופרסום');
    await user.click(publishButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    const [summary] = await listProperties(env.server, owner);
    const stored = await getProperty(env.server, owner, summary?.id ?? '');
    expect(stored.files.propertyImages.map((file) => [file.fileName, file.caption])).toEqual([
      ['חזית.png', 'חזית הבניין מרחוב הברזל'],
      ['לובי.png', null],
    ]);
  });

  it('refuses a photo whose name hides its type, saying what to rename it to', async () => {
    const owner = await signUp(env.server);
    const { user, container } = await renderWizard(owner);
    await fillPublishable(user, 'offices');

    const misnamed = new File([new Uint8Array(SAMPLE_FILES.png)], 'לובי.jpg', { type: 'image/jpeg' });
    await user.upload(dropzoneInput(container, 'floorplans'), misnamed);

    const plans = screen.getByRole('region', { name: 'תוכניות קומה' });
    expect(await within(plans).findByRole('alert')).toHaveTextContent(
      'לובי.jpg: זהו קובץ PNG, ולכן שמו צריך להסתיים ב־.png. שנו את שם הקובץ ובחרו אותו שוב',
    );
    expect(within(plans).getByText('עדיין לא נוספו קבצים')).toBeInTheDocument();
  });

  it('refuses a file over the group limit before any upload, naming the limit', async () => {
    const owner = await signUp(env.server);
    const { user, container } = await renderWizard(owner);
    await fillPublishable(user, 'offices');

    const big = new File([new Uint8Array(SAMPLE_FILES.pdf), new Uint8Array(26 * 1024 * 1024)], 'סקר.pdf', {
      type: 'application/pdf',
    });
    await user.upload(dropzoneInput(container, 'technicalReports'), big);

    const reports = screen.getByRole('region', { name: 'דוחות טכניים' });
    expect(await within(reports).findByRole('alert')).toHaveTextContent(/סקר\.pdf: הקובץ גדול מ־.*25/);
    expect(within(reports).getByText('עדיין לא נוספו קבצים')).toBeInTheDocument();
  });

  it('says what each drop area takes, from the same rule the check uses', async () => {
    const owner = await signUp(env.server);
    const { user } = await renderWizard(owner);
    await fillPublishable(user, 'offices');

    const photos = screen.getByRole('button', { name: 'הוספת קבצים: תמונות הנכס' });
    expect(photos).toHaveTextContent('גררו לכאן קבצים או לחצו לבחירה');
    expect(photos).toHaveTextContent(/JPEG, PNG או WebP · עד .*15.*לקובץ/);
    expect(photos).not.toHaveTextContent('HEIC');
    // A screen reader hears the label; what the zone takes is its description.
    expect(photos).toHaveAccessibleDescription(/JPEG, PNG או WebP · עד .*15.*לקובץ/);
    const reports = screen.getByRole('button', { name: 'הוספת קבצים: דוחות טכניים' });
    expect(reports).toHaveTextContent(/^גררו לכאן קבצים או לחצו לבחירהPDF · עד .*25.*לקובץ$/);
  });

  it('on a phone, offers to take a photo where the group takes photos', async () => {
    viewport.asPhone();
    const owner = await signUp(env.server);
    const { user, container } = await renderWizard(owner);
    await fillPublishable(user, 'offices');

    const photos = screen.getByRole('button', { name: 'הוספת קבצים: תמונות הנכס' });
    expect(photos).toHaveTextContent('הקישו כדי לבחור קובץ או לצלם');
    // The picker lists image types and does not force the camera, so a phone offers both.
    const input = dropzoneInput(container, 'propertyImages');
    expect(input.accept.split(',')).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp']),
    );
    expect(input.hasAttribute('capture')).toBe(false);
    const reports = screen.getByRole('button', { name: 'הוספת קבצים: דוחות טכניים' });
    expect(reports).toHaveTextContent('הקישו כדי לבחור קובץ');
    expect(reports).not.toHaveTextContent('לצלם');
  });
});
