import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { SettingsButton } from '@/app/settings-button';
import { theme } from '@/app/theme';
import { i18n } from '@/i18n/i18n';
import he from '@/i18n/locales/he/layout.json';

function renderButton() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <SettingsButton />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the header settings button', () => {
  it('opens the settings for a press whose release lands on the loaded button', async () => {
    // The popover's code arrives between the press and the release: the release lands on the loaded
    // button, and a browser then sends no click to either (they are different elements).
    renderButton();
    const plain = screen.getByRole('button', { name: he.header.settings });
    fireEvent.pointerEnter(plain);
    fireEvent.pointerDown(plain);

    const dialog = await screen.findByRole('dialog', { name: he.settings.title });
    expect(dialog).toHaveTextContent(he.settings.language);
  });

  it('opens the settings on a click, and not on the pointer passing over it', async () => {
    renderButton();
    const plain = screen.getByRole('button', { name: he.header.settings });
    fireEvent.pointerEnter(plain);
    // The popover's own button takes the plain one's place, closed.
    await waitFor(() => expect(plain).not.toBeInTheDocument());
    const loaded = screen.getByRole('button', { name: he.header.settings });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(loaded);
    expect(await screen.findByRole('dialog', { name: he.settings.title })).toBeInTheDocument();
  });
});
