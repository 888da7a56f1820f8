import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PhoneInput, type PhoneInputValue } from '@/components/phone-input';
import { renderWithProviders } from '../setup/render';

/**
 * /login's first load leaves libphonenumber out: the field's rules module is imported on the first key
 * press or press in the field. Here its import is counted, and held back until the test lets it through.
 */
const rules = vi.hoisted(() => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { imported: vi.fn(), gate, release: () => release() };
});

vi.mock('@/components/phone-input/phone-rules', async (importOriginal) => {
  rules.imported();
  await rules.gate;
  return importOriginal();
});

const number = () => screen.getByRole('textbox', { name: 'מספר טלפון' }) as HTMLInputElement;
const countryButton = () => screen.getByRole('button', { name: /^קידומת מדינה/ });

// The tests run in order: the module registry (and so the rules' state) is this file's own.
describe('PhoneInput before its rules arrive', () => {
  it('draws Israel and its sample number without them, and focus does not load them', async () => {
    renderWithProviders(<PhoneInput autoFocus />);
    expect(number()).toHaveFocus();
    expect(countryButton()).toHaveAccessibleName('קידומת מדינה: ישראל +972');
    expect(countryButton()).toHaveTextContent('🇮🇱+972');
    expect(number()).toHaveAttribute('placeholder', '050-234-5678');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(rules.imported).not.toHaveBeenCalled();
  });

  it('loads them on the first key press, shows the digits as typed meanwhile, then formats them', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(value: PhoneInputValue) => void>();
    renderWithProviders(<PhoneInput autoFocus onChange={onChange} />);
    await user.keyboard('0501234567');
    expect(rules.imported).toHaveBeenCalledTimes(1);
    expect(number()).toHaveValue('0501234567');
    expect(onChange).toHaveBeenLastCalledWith({ country: 'IL', nationalDigits: '0501234567', e164: null });

    rules.release();
    await waitFor(() => expect(number()).toHaveValue('050-123-4567'));
    expect(number()).toHaveFocus();
    expect(number().selectionStart).toBe('050-123-4567'.length);
    // The number typed before is reported again, now with its E.164 form.
    expect(onChange).toHaveBeenLastCalledWith({
      country: 'IL',
      nationalDigits: '0501234567',
      e164: '+972501234567',
    });
    await user.keyboard('{Backspace}8');
    expect(number()).toHaveValue('050-123-4568');
    expect(onChange).toHaveBeenLastCalledWith({
      country: 'IL',
      nationalDigits: '0501234568',
      e164: '+972501234568',
    });
  });
});
