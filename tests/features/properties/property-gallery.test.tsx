import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createPropertyWithFiles, fileParts, SAMPLE_FILES } from '../../server/helpers/properties';
import { newUser, publishableOffice, renderAppAs, seed, serverWithFilesForFile } from './properties-harness';

/** The view page's gallery: captions, the full-screen viewer and its keys, and no gallery without photos. */
describe('property gallery', () => {
  const server = serverWithFilesForFile();

  /** Three photos: the cover and the third captioned, the second not. */
  const withPhotos = async () => {
    const user = await newUser(server);
    const property = await createPropertyWithFiles(server, user.headers, [
      { name: 'property', value: JSON.stringify(publishableOffice({ address: 'הברזל 30' })) },
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png, { filename: 'front.png' }),
      { name: 'files.PropertyImages[0].Caption', value: 'חזית הבניין' },
      ...fileParts('PropertyImages', 1, SAMPLE_FILES.png, { filename: 'open-space.png' }),
      ...fileParts('PropertyImages', 2, SAMPLE_FILES.jpeg, { filename: 'kitchen.jpg' }),
      { name: 'files.PropertyImages[2].Caption', value: 'Kitchenette' },
    ]);
    await renderAppAs(server, user, `/properties/${property.id}`);
    await screen.findByRole('heading', { level: 2, name: 'הברזל 30' });
    return property;
  };

  it('shows the photos first, each caption under its photo and as its text, from resized copies only', async () => {
    const property = await withPhotos();
    const gallery = screen.getByRole('region', { name: 'תמונות הנכס – הברזל 30, תל אביב-יפו' });

    const images = within(gallery).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'חזית הבניין',
      'תמונה 2 מתוך 3 – הברזל 30, תל אביב-יפו',
      'Kitchenette',
    ]);
    const captions = Array.from(gallery.querySelectorAll('figcaption'), (caption) => caption.textContent);
    expect(captions).toEqual(['חזית הבניין', 'Kitchenette']);
    // The gallery comes before the title and the facts.
    const title = screen.getByRole('heading', { level: 2, name: 'הברזל 30' });
    expect(gallery.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Every address asks for a width; the original (the bare signed URL) is never used.
    const sources = Array.from(gallery.querySelectorAll('img, source'), (element) =>
      [element.getAttribute('src'), element.getAttribute('srcset')].filter(Boolean).join(', '),
    ).flatMap((list) => list.split(', ').map((entry) => entry.split(' ')[0]));
    const originals = property.files.propertyImages.map((file) => file.url);
    expect(sources.length).toBeGreaterThan(6);
    for (const source of sources) {
      expect(originals).not.toContain(source);
      expect(source).toMatch(/[?&]width=(320|640|1024|1600)&format=(webp|jpeg)$/);
    }
  });

  it('opens a photo full screen, moves with the arrow keys, announces where it is and closes with Escape', async () => {
    await withPhotos();
    const user = userEvent.setup();
    const second = screen.getByRole('button', {
      name: 'הגדלת תמונה 2 מתוך 3: תמונה 2 מתוך 3 – הברזל 30, תל אביב-יפו',
    });

    await user.click(second);
    const viewer = await screen.findByRole('dialog', { name: 'תמונות הנכס – הברזל 30, תל אביב-יפו' });
    expect(within(viewer).getByRole('status')).toHaveTextContent('תמונה 2 מתוך 3');

    // Hebrew reads right to left: the next photo is to the left.
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByRole('status')).toHaveTextContent('תמונה 3 מתוך 3');
    expect(within(viewer).getByRole('img', { name: 'Kitchenette' })).toBeInTheDocument();
    expect(within(viewer).getByText('Kitchenette', { selector: 'p' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByRole('status')).toHaveTextContent('תמונה 1 מתוך 3');
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByRole('status')).toHaveTextContent('תמונה 3 מתוך 3');
    await user.click(within(viewer).getByRole('button', { name: 'התמונה הקודמת' }));
    expect(within(viewer).getByRole('status')).toHaveTextContent('תמונה 2 מתוך 3');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to the photo that opened the viewer.
    await waitFor(() => expect(second).toHaveFocus());
  });

  it('shows no gallery for a property without photos', async () => {
    const user = await newUser(server);
    const [property] = await seed(server, user, [publishableOffice({ address: 'הרצל 7' })]);
    await renderAppAs(server, user, `/properties/${property?.id}`);
    await screen.findByRole('heading', { level: 2, name: 'הרצל 7' });

    expect(screen.queryByRole('region', { name: /^תמונות הנכס/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^הגדלת תמונה/ })).not.toBeInTheDocument();
  });
});
