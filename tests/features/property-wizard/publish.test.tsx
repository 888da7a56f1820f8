import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createProperty, draftRetail, pngOfSize, publishableOffice } from '../../server/helpers/properties';
import { fillBuildingDetails, fillEnvironment, fillGeneralInfo, fillPublishable, goNext } from './fill-steps';
import {
  dropzoneInput,
  getProperty,
  listProperties,
  pdf,
  png,
  publishButton,
  renderWizard,
  setUpWizardServer,
  signUp,
  stepHeading,
} from './wizard-harness';

describe('publishing from the wizard', () => {
  const env = setUpWizardServer();

  it('publishes a property without files and returns to the list', async () => {
    const owner = await signUp(env.server);
    const { user, router } = await renderWizard(owner);
    await fillPublishable(user, 'offices');
    await goNext(user, 'סקירה ופרסום');

    expect(screen.getByText('הכול מוכן לפרסום')).toBeInTheDocument();
    await user.click(publishButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    expect(await screen.findByText('הנכס פורסם')).toBeInTheDocument();
    expect(await listProperties(env.server, owner)).toEqual([
      expect.objectContaining({ status: 'published', propertyKind: 'offices', address: 'רוטשילד 22' }),
    ]);
  });

  it('uploads two photos and a PDF with the publish, showing progress, the chosen cover first', async () => {
    const owner = await signUp(env.server);
    const { user, router, container } = await renderWizard(owner);
    await fillPublishable(user, 'logistics');

    await user.upload(dropzoneInput(container, 'propertyImages'), [png('חזית.png'), png('רציף.png')]);
    await user.upload(dropzoneInput(container, 'technicalReports'), pdf('דוח-קונסטרוקציה.pdf'));
    const photos = screen.getByRole('region', { name: 'תמונות הנכס' });
    expect(within(photos).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(photos).getByRole('button', { name: 'הגדרת רציף.png כתמונת שער' }));
    expect(
      within(within(photos).getAllByRole('listitem')[0] as HTMLElement).getByText('תמונת שער'),
    ).toBeInTheDocument();
    expect(within(photos).getAllByRole('listitem')[0]).toHaveTextContent('רציף.png');

    await goNext(user, 'סקירה ופרסום');
    expect(screen.getByText('שני קבצים')).toBeInTheDocument();
    env.upload.hold();
    await user.click(publishButton());
    const progress = await screen.findByRole('progressbar', { name: 'התקדמות ההעלאה' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    env.upload.release();

    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    const upload = env.upload.requests.at(-1);
    expect(upload?.path).toBe('/api/property/create-with-files');
    expect(upload?.fields).toEqual([
      'property',
      'files.PropertyImages[0].File',
      'files.PropertyImages[0].FileType',
      'files.PropertyImages[0].Category',
      'files.PropertyImages[1].File',
      'files.PropertyImages[1].FileType',
      'files.PropertyImages[1].Category',
      'files.TechnicalReports[0].File',
      'files.TechnicalReports[0].FileType',
      'files.TechnicalReports[0].Category',
    ]);
    const [listed] = await listProperties(env.server, owner);
    const stored = await getProperty(env.server, owner, listed?.id ?? '');
    expect(stored.status).toBe('published');
    expect(stored.files.propertyImages.map((file) => [file.fileName, file.mimeType])).toEqual([
      ['רציף.png', 'image/png'],
      ['חזית.png', 'image/png'],
    ]);
    expect(stored.files.technicalReports.map((file) => file.fileName)).toEqual(['דוח-קונסטרוקציה.pdf']);
  });

  it('keeps the form and shows the server message when publishing fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router, container } = await renderWizard(env.broker);
    await fillPublishable(user, 'offices');
    // A real PNG whose header promises 40,000 × 40,000 pixels: the browser reads only its first
    // bytes and adds it; the server measures the image and refuses it (413).
    await user.upload(dropzoneInput(container, 'propertyImages'), [
      png('חזית.png'),
      new File([new Uint8Array(pngOfSize(40_000, 40_000))], 'פצצה.png', { type: 'image/png' }),
    ]);
    await goNext(user, 'סקירה ופרסום');
    await user.click(publishButton());

    const alert = await screen.findByRole('alert', { name: 'הפרסום נכשל' });
    // The server's own message, in the request's language, naming the refused file of the two;
    // spec 8: the failure is also logged.
    expect(alert).toHaveTextContent('פצצה.png: מידות התמונה גדולות מהמותר');
    expect(logged).toHaveBeenCalledWith(
      'publish failed',
      expect.objectContaining({ code: 'image_too_large' }),
    );
    expect(router.state.location.pathname).toBe('/properties/create');
    expect(stepHeading()).toHaveTextContent('סקירה ופרסום');
    expect(screen.getByText('רוטשילד 22')).toBeInTheDocument();
    expect(await listProperties(env.server, env.broker)).toEqual([]);
    logged.mockRestore();
  });

  it('publishes a resumed server draft in place: new files go to it, then its answers', async () => {
    const owner = await signUp(env.server);
    const draft = await createProperty(env.server, owner.headers, draftRetail({ wizardStep: 2 }));
    const { user, router, container } = await renderWizard(owner, `/properties/create?draft=${draft.id}`);
    await waitFor(() => expect(stepHeading()).toHaveTextContent('מידע כללי על הנכס'));
    await fillGeneralInfo(user, 'retail', 'שדרות הנשיא 122');
    await goNext(user, 'פרטי הבניין');
    await fillBuildingDetails(user, 'retail');
    await goNext(user, 'סביבה ותחבורה');
    await fillEnvironment(user);
    await goNext(user, 'מדיה ומסמכים');
    await user.upload(dropzoneInput(container, 'floorplans'), pdf('קומה-1.pdf'));
    await goNext(user, 'סקירה ופרסום');
    await user.click(publishButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    expect(env.upload.requests.at(-1)?.path).toBe(`/api/property/${draft.id}/files`);
    const [only, ...others] = await listProperties(env.server, owner);
    expect(others).toEqual([]);
    expect(only).toMatchObject({ id: draft.id, status: 'published', address: 'שדרות הנשיא 122' });
    const stored = await getProperty(env.server, owner, draft.id);
    expect(stored.files.floorplans.map((file) => file.fileName)).toEqual(['קומה-1.pdf']);
  });

  it('refuses to publish an incomplete property and lists what is missing, each linked to its step', async () => {
    const { user } = await renderWizard(env.broker);
    await fillPublishable(user, 'offices');
    await goNext(user, 'סקירה ופרסום');
    await user.click(screen.getByRole('button', { name: 'עריכת פרטי הבניין' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('פרטי הבניין'));
    await user.click(screen.getByRole('checkbox', { name: 'אין גישה למשאיות' }));
    await goNext(user, 'סביבה ותחבורה');
    await goNext(user, 'מדיה ומסמכים');
    await goNext(user, 'סקירה ופרסום');

    // The status line says what the review box says (issue 19: it used to say "all filled in").
    expect(screen.getByTestId('wizard-status')).toHaveTextContent('נותר שדה חובה אחד');
    expect(screen.getByRole('note', { name: 'לפני הפרסום יש להשלים:' })).toBeInTheDocument();
    const truckAccess = 'גישה למשאיות: יש לבחור לפחות אפשרות אחת';
    expect(screen.getByRole('button', { name: truckAccess })).toBeInTheDocument();
    expect(publishButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(publishButton());
    expect(screen.getByRole('status')).toHaveTextContent('יש להשלים את הפרטים החסרים לפני הפרסום');

    await user.click(screen.getByRole('button', { name: truckAccess }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('פרטי הבניין'));
    expect(screen.getByText('יש לבחור לפחות אפשרות אחת')).toBeInTheDocument();
  });

  it('edits a published property: opens on the review, saves changes as changes (issue 19)', async () => {
    const owner = await signUp(env.server);
    const published = await createProperty(
      env.server,
      owner.headers,
      publishableOffice({ address: 'הרצל 3' }),
    );
    const { user, router } = await renderWizard(owner, `/properties/create?edit=${published.id}`);

    await waitFor(() => expect(stepHeading()).toHaveTextContent('סקירה ופרסום'));
    expect(screen.queryByRole('button', { name: 'פרסום' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'עריכת מידע כללי' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('מידע כללי על הנכס'));
    const address = screen.getByRole('textbox', { name: 'כתובת' });
    await user.clear(address);
    await user.type(address, 'הרצל 5');
    await goNext(user, 'פרטי הבניין');
    await goNext(user, 'סביבה ותחבורה');
    await goNext(user, 'מדיה ומסמכים');
    await goNext(user, 'סקירה ופרסום');

    await user.click(screen.getByRole('button', { name: 'שמירת השינויים' }));
    expect(await screen.findByText('השינויים נשמרו')).toBeInTheDocument();
    expect(screen.queryByText('הנכס פורסם')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    expect(await getProperty(env.server, owner, published.id)).toMatchObject({
      status: 'published',
      address: 'הרצל 5',
    });
  });
});
