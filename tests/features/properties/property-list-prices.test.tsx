import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InProcessServer } from '../helpers/in-process-server';
import { phoneViewportForFile } from '../helpers/phone-viewport';
import { propertyScreensForFile, publishableOffice, seed, type TestUser } from './properties-harness';

/** Intl's bidi marks out, every space one space: the text as a broker reads it. */
const plain = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Four offices as a broker's list holds them: to let, for sale, either, and not priced yet. */
async function seedPricedOffices(server: InProcessServer, user: TestUser) {
  await seed(server, user, [
    publishableOffice({ address: 'מחיר 4', dealType: null, askingRentPerSqm: null, salePrice: null }),
    publishableOffice({
      address: 'מחיר 3',
      dealType: 'rentOrSale',
      askingRentPerSqm: 72.5,
      salePrice: 15_000_000,
    }),
    publishableOffice({ address: 'מחיר 2', dealType: 'sale', askingRentPerSqm: null, salePrice: 9_000_000 }),
    publishableOffice({ address: 'מחיר 1', dealType: 'rent', askingRentPerSqm: 85, salePrice: null }),
  ]);
}

describe('rent and price in the list', () => {
  const viewport = phoneViewportForFile();
  const { server, newUser, renderAppAs } = propertyScreensForFile();

  it('gives the table a price column: the rent per m² a month or the sale price, as the deal asks', async () => {
    const user = await newUser();
    await seedPricedOffices(server, user);
    await renderAppAs(user, '/properties');

    await screen.findByRole('link', { name: 'מחיר 1' });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.indexOf('מחיר')).toBe(headers.indexOf('שטח לשיווק') + 1);
    const column = headers.indexOf('מחיר');
    const priceOf = (address: string) => {
      const row = screen.getByRole('link', { name: address }).closest('tr') as HTMLElement;
      const cell = within(row).getAllByRole('cell')[column] as HTMLElement;
      const lines = within(cell).queryAllByTestId('listed-price');
      return lines.length > 0 ? lines.map((line) => plain(line.textContent)) : plain(cell.textContent);
    };
    expect(priceOf('מחיר 1')).toEqual(['85 ₪ למ״ר לחודש']);
    expect(priceOf('מחיר 2')).toEqual(['9,000,000 ₪']);
    expect(priceOf('מחיר 3')).toEqual(['72.50 ₪ למ״ר לחודש', '15,000,000 ₪']);
    expect(priceOf('מחיר 4')).toBe('לא צוין');
  });

  it('puts the same price on each phone card, and nothing on a card without one', async () => {
    viewport.asPhone();
    const user = await newUser();
    await seedPricedOffices(server, user);
    await renderAppAs(user, '/properties');

    await screen.findByRole('link', { name: 'מחיר 1' });
    const card = (address: string) =>
      screen.getByRole('link', { name: address }).closest('li') as HTMLElement;
    const prices = (address: string) =>
      within(card(address))
        .queryAllByTestId('listed-price')
        .map((line) => plain(line.textContent));
    expect(prices('מחיר 1')).toEqual(['85 ₪ למ״ר לחודש']);
    expect(prices('מחיר 2')).toEqual(['9,000,000 ₪']);
    expect(prices('מחיר 3')).toEqual(['72.50 ₪ למ״ר לחודש', '15,000,000 ₪']);
    expect(prices('מחיר 4')).toEqual([]);
    expect(within(card('מחיר 4')).queryByText('לא צוין')).not.toBeInTheDocument();
  });
});
