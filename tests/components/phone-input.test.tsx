import { DEFAULT_PHONE_COUNTRY, type PhoneValue, parseE164, validatePhone } from '@domain/phone';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyPhoneValue, PhoneInput, type PhoneInputValue } from '@/components/phone-input';
import { changeLanguage, i18n, supportedLanguages } from '@/i18n/i18n';
import { renderWithProviders } from '../setup/render';

/** A form field as a screen would use it: controlled, validated on blur, error translated. */
function PhoneField({
  initial,
  onValue,
}: {
  initial?: PhoneValue;
  onValue?: (value: PhoneInputValue) => void;
}) {
  const { t } = useTranslation('auth');
  const [value, setValue] = useState<PhoneValue>(initial ?? emptyPhoneValue());
  const [error, setError] = useState<string | null>(null);
  return (
    <PhoneInput
      label={t('phoneInput.numberLabel')}
      value={value}
      onChange={(next) => {
        setValue(next);
        setError(null);
        onValue?.(next);
      }}
      onBlur={() => {
        const key = validatePhone(value.country, value.nationalDigits);
        setError(key ? t(`authCommon.${key}`) : null);
      }}
      error={error}
    />
  );
}

function renderField(props: Parameters<typeof PhoneField>[0] = {}) {
  const user = userEvent.setup();
  const view = renderWithProviders(<PhoneField {...props} />);
  const number = () => screen.getByRole('textbox', { name: 'מספר טלפון' }) as HTMLInputElement;
  const countryButton = () => screen.getByRole('button', { name: /^קידומת מדינה/ });
  /** Presses the country button; the list's module loads on that press, so the list comes a moment later. */
  const openList = async () => {
    await user.click(countryButton());
    await screen.findByRole('listbox', { name: 'רשימת מדינות' });
  };
  return { ...view, user, number, countryButton, openList };
}

afterEach(async () => {
  await changeLanguage('he');
});

describe('PhoneInput', () => {
  it('starts on Israel with its dial code and a sample number', () => {
    const { number, countryButton } = renderField();
    expect(countryButton()).toHaveAccessibleName('קידומת מדינה: ישראל +972');
    expect(countryButton()).toHaveTextContent('🇮🇱+972');
    expect(number()).toHaveAttribute('placeholder', '050-234-5678');
    expect(number()).toHaveValue('');
  });

  it('formats an Israeli mobile as it is typed and reports it in E.164', async () => {
    const onValue = vi.fn();
    const { user, number } = renderField({ onValue });
    await user.type(number(), '0501234567');
    expect(number()).toHaveValue('050-123-4567');
    expect(onValue).toHaveBeenLastCalledWith({
      country: 'IL',
      nationalDigits: '0501234567',
      e164: '+972501234567',
    });
  });

  it('ignores letters and keeps digits only', async () => {
    const onValue = vi.fn();
    const { user, number } = renderField({ onValue });
    await user.type(number(), '05a0-1b2');
    expect(number()).toHaveValue('050-12');
    expect(onValue).toHaveBeenLastCalledWith({ country: 'IL', nationalDigits: '05012', e164: null });
  });

  it('keeps the number left to right inside the right-to-left page', () => {
    const { number, countryButton } = renderField();
    expect(number().closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(countryButton().closest('[dir]')).toHaveAttribute('dir', 'ltr');
  });

  it('switches to the United States by searching its dial code, then formats US numbers', async () => {
    const onValue = vi.fn();
    const { user, number, countryButton, openList } = renderField({ onValue });
    await openList();
    const search = screen.getByRole('textbox', { name: 'חיפוש לפי מדינה או קידומת' });
    await user.type(search, '+1');
    const list = screen.getByRole('listbox', { name: 'רשימת מדינות' });
    await user.click(within(list).getByRole('option', { name: /^ארצות הברית\s?\+1$/ }));

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(countryButton()).toHaveAccessibleName('קידומת מדינה: ארצות הברית +1');
    expect(number()).toHaveFocus();
    expect(number()).toHaveAttribute('placeholder', '(201) 555-0123');

    await user.type(number(), '2015550123');
    expect(number()).toHaveValue('(201) 555-0123');
    expect(onValue).toHaveBeenLastCalledWith({
      country: 'US',
      nationalDigits: '2015550123',
      e164: '+12015550123',
    });
  });

  it('reformats digits already typed when the country changes', async () => {
    const { user, number, openList } = renderField();
    await user.type(number(), '2015550123');
    await openList();
    await user.type(screen.getByRole('textbox', { name: 'חיפוש לפי מדינה או קידומת' }), 'US');
    await user.keyboard('{Enter}');
    expect(number()).toHaveValue('(201) 555-0123');
  });

  it('finds countries by Hebrew name, English name and ISO code', async () => {
    const { user, openList } = renderField();
    await openList();
    const search = screen.getByRole('textbox', { name: 'חיפוש לפי מדינה או קידומת' });
    const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

    await user.type(search, 'בריטניה');
    expect(optionNames()[0]).toContain('+44');
    await user.clear(search);
    await user.type(search, 'germany');
    expect(optionNames()[0]).toContain('+49');
    await user.clear(search);
    await user.type(search, 'fr');
    expect(optionNames()[0]).toContain('+33');
    await user.clear(search);
    await user.type(search, 'qqqq');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('לא נמצאה מדינה מתאימה')).toBeInTheDocument();
  });

  it('lists every country with Israel first, marked as chosen', async () => {
    const { openList } = renderField();
    await openList();
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThanOrEqual(240);
    expect(options[0]).toHaveTextContent('ישראל');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the list from the keyboard with an arrow key on the country button', async () => {
    const { user, countryButton } = renderField();
    countryButton().focus();
    await user.keyboard('{ArrowDown}');
    const search = await screen.findByRole('textbox', { name: 'חיפוש לפי מדינה או קידומת' });
    await vi.waitFor(() => expect(search).toHaveFocus());
  });

  it('closes the list on Escape and returns focus to the country button', async () => {
    const { user, countryButton, openList } = renderField();
    expect(countryButton()).toHaveAttribute('aria-expanded', 'false');
    await openList();
    expect(countryButton()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(countryButton()).toHaveFocus());
  });

  it('shows the translated error for an invalid number and ties it to the field', async () => {
    const { user, number } = renderField();
    await user.type(number(), '0601234567');
    await user.tab();
    expect(screen.getByText('מספר הטלפון אינו תקין')).toBeInTheDocument();
    expect(number()).toHaveAttribute('aria-invalid', 'true');
    expect(number()).toHaveAccessibleDescription('מספר הטלפון אינו תקין');
  });

  it('asks for a number when left empty', async () => {
    const { user, number } = renderField();
    await user.click(number());
    await user.tab();
    expect(screen.getByText('יש להזין מספר טלפון')).toBeInTheDocument();
  });

  it('shows no error for a valid number typed without the leading 0', async () => {
    const { user, number } = renderField();
    await user.type(number(), '501234567');
    await user.tab();
    expect(number()).toHaveValue('50-123-4567');
    expect(number()).not.toHaveAttribute('aria-invalid');
  });

  it('pre-fills from an E.164 number, as /login?phone= does', () => {
    const { number, countryButton } = renderField({ initial: parseE164('+972501234567') ?? undefined });
    expect(number()).toHaveValue('050-123-4567');
    expect(countryButton()).toHaveAccessibleName('קידומת מדינה: ישראל +972');
  });

  it('lets a pasted international number choose its country', async () => {
    const onValue = vi.fn();
    const { user, number, countryButton } = renderField({ onValue });
    await user.click(number());
    await user.paste('+44 7400 123456');
    expect(countryButton()).toHaveAccessibleName('קידומת מדינה: בריטניה +44');
    expect(number()).toHaveValue('07400 123456');
    expect(onValue).toHaveBeenLastCalledWith({
      country: 'GB',
      nationalDigits: '07400123456',
      e164: '+447400123456',
    });
  });

  it('deletes the digit before a separator on Backspace', async () => {
    const { user, number } = renderField();
    await user.type(number(), '050123');
    expect(number()).toHaveValue('050-123');
    number().setSelectionRange(4, 4);
    await user.keyboard('{Backspace}');
    expect(number()).toHaveValue('051-23');
  });

  it('names the default country as ICU does, in each language, though from the texts', async () => {
    for (const language of supportedLanguages) {
      await changeLanguage(language);
      const { unmount } = renderWithProviders(<PhoneInput />);
      const icuName = new Intl.DisplayNames([language], { type: 'region' }).of(DEFAULT_PHONE_COUNTRY);
      expect(icuName).toBe(i18n.t('phoneInput.defaultCountryName', { ns: 'auth' }));
      expect(screen.getByRole('button', { name: new RegExp(`${icuName} \\+972$`) })).toBeInTheDocument();
      unmount();
    }
  });

  it('speaks English names and labels when the app is in English', async () => {
    await changeLanguage('en');
    renderWithProviders(<PhoneInput defaultValue={{ country: 'US', nationalDigits: '' }} />);
    expect(screen.getByRole('button', { name: 'Country code: United States +1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBeInTheDocument();
  });
});
