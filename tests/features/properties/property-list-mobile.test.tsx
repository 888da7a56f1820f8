import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { phoneViewportForFile } from '../helpers/phone-viewport';
import { draftRetail, propertyScreensForFile, publishableOffice } from './properties-harness';

describe('property list on a phone', () => {
  const viewport = phoneViewportForFile();
  const { newUser, seed, renderAppAs } = propertyScreensForFile();

  it('shows a card per property instead of the table, with the city under the address', async () => {
    viewport.asPhone();
    const user = await newUser();
    const [, draft] = await seed(user, [
      publishableOffice({ address: 'הרצל 10', city: 'ראשון לציון', totalArea: 600, marketingArea: 450 }),
      draftRetail({ address: 'הגפן 3', city: 'חיפה' }),
    ]);
    await renderAppAs(user, '/properties');

    const draftLink = await screen.findByRole('link', { name: 'הגפן 3' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(second).getByRole('link', { name: 'הרצל 10' })).toBeInTheDocument();
    expect(within(second).getByText('ראשון לציון')).toBeInTheDocument();
    expect(within(second).getByText('משרדים')).toBeInTheDocument();
    expect(
      within(second).getByText('600 מ״ר', { normalizer: (text) => text.replace(/\s/g, ' ') }),
    ).toBeInTheDocument();
    expect(within(second).getByRole('progressbar', { name: /^שלמות הנתונים – הרצל 10/ })).toBeInTheDocument();
    expect(
      within(second).getByRole('link', { name: 'עריכת הנכס – הרצל 10, ראשון לציון' }),
    ).toBeInTheDocument();

    expect(within(first).getByText('טיוטה')).toBeInTheDocument();
    expect(within(first).getAllByText('לא זמין')).toHaveLength(2);
    expect(draftLink).toHaveAttribute('href', `/properties/create?draft=${draft?.id}`);
  });
});
