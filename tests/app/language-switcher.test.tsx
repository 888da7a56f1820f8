import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { LanguageSwitcher } from '@/components/language-switcher';
import { changeLanguage, i18n } from '@/i18n/i18n';

function DirectionProbe() {
  const { dir } = useDirection();
  const { t } = useTranslation('layout');
  return (
    <output data-testid="probe" data-dir={dir}>
      {t('logout')}
    </output>
  );
}

function renderSwitcher() {
  return render(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection="rtl">
        <MantineProvider theme={theme} env="test">
          <LanguageSwitcher />
          <DirectionProbe />
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );
}

afterEach(async () => {
  await changeLanguage('he');
  localStorage.clear();
});

describe('language switcher', () => {
  it('starts in Hebrew, right to left', () => {
    renderSwitcher();

    expect(document.documentElement).toHaveAttribute('lang', 'he');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('radio', { name: 'עברית' })).toBeChecked();
    expect(screen.getByTestId('probe')).toHaveTextContent('התנתקות');
  });

  it('switches to English: text, html lang/dir, Mantine direction and the stored choice', async () => {
    const user = userEvent.setup();
    renderSwitcher();

    await user.click(screen.getByRole('radio', { name: 'English' }));

    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'en'));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(screen.getByTestId('probe')).toHaveAttribute('data-dir', 'ltr');
    expect(screen.getByTestId('probe')).toHaveTextContent('Log out');
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  });

  it('switches back to Hebrew, right to left', async () => {
    const user = userEvent.setup();
    await changeLanguage('en');
    renderSwitcher();

    await user.click(screen.getByRole('radio', { name: 'עברית' }));

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'he');
    expect(localStorage.getItem('i18nextLng')).toBe('he');
    expect(screen.getByTestId('probe')).toHaveAttribute('data-dir', 'rtl');
  });

  it('leaves html lang and dir untouched when the language stays the same', async () => {
    // The server's page already carries both; a rewrite of the same `dir` restyles the whole page.
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((found) => records.push(...found));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'] });

    await changeLanguage('he');
    records.push(...observer.takeRecords());
    observer.disconnect();

    expect(records).toEqual([]);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
