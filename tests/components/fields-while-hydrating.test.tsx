import { DirectionProvider, MantineProvider } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { LimitedTextInput } from '@/components/limited-text-input';
import { loadPhoneRules, PhoneInput } from '@/components/phone-input';
import { i18n } from '@/i18n/i18n';
import { renderWithProviders } from '../setup/render';

/** The page as the server renders it: the same providers as renderWithProviders, to a string. */
function serverHtml(ui: ReactElement): string {
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection="rtl">
        <MantineProvider theme={theme} env="test">
          {ui}
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );
}

/** The server's HTML in a container, hydrated by React as main.tsx does with a server-rendered page. */
async function hydrate(ui: ReactElement): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = serverHtml(ui);
  document.body.appendChild(container);
  const before = Array.from(container.querySelectorAll('input'));
  await act(async () => {
    renderWithProviders(ui, { container, hydrate: true });
  });
  // Hydrated, not rendered afresh: the server's fields are the ones on screen.
  const after = Array.from(container.querySelectorAll('input'));
  expect(after.length).toBe(before.length);
  for (const [index, field] of after.entries()) expect(field).toBe(before[index]);
  return container;
}

describe('fields of a server-rendered page', () => {
  it.each([
    ['the phone field', <PhoneInput key="phone" label="מספר טלפון נייד" />, 'input[type="tel"]'],
    [
      'a text field',
      <LimitedTextInput key="text" label="שם" maxLength={40} cutMessage="קוצר" />,
      'input[type="text"], input:not([type])',
    ],
  ])('takes no typing until hydrated, so nothing typed is lost (%s)', async (_name, ui, selector) => {
    const html = serverHtml(ui);
    const server = document.createElement('div');
    server.innerHTML = html;
    const fields = Array.from(server.querySelectorAll<HTMLInputElement>(selector));
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(field.readOnly).toBe(true);

    const container = await hydrate(ui);
    for (const field of container.querySelectorAll<HTMLInputElement>(selector))
      expect(field.readOnly).toBe(false);
  });

  it('is editable at once on a page the browser renders itself', () => {
    renderWithProviders(<PhoneInput label="מספר טלפון נייד" />);
    expect((screen.getByRole('textbox', { name: /מספר טלפון נייד/ }) as HTMLInputElement).readOnly).toBe(
      false,
    );
  });

  it('draws the phone field without its rules on the server and while hydrating, though they are loaded', async () => {
    await loadPhoneRules();
    const consoleError = vi.spyOn(console, 'error');
    const ui = (
      <PhoneInput label="מספר טלפון נייד" defaultValue={{ country: 'IL', nationalDigits: '0501234567' }} />
    );
    const server = document.createElement('div');
    server.innerHTML = serverHtml(ui);
    expect(server.querySelector('input[type="tel"]')).toHaveValue('0501234567');

    const container = await hydrate(ui);
    // No mismatch to recover from, and the rules format the number once the page is the browser's.
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector('input[type="tel"]')).toHaveValue('050-123-4567');
    consoleError.mockRestore();
  });
});
