import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toasts } from '@/app/toasts';
import { showToast } from '@/components/toast/show-toast';
import { renderWithProviders } from '../setup/render';

afterEach(() => {
  notifications.clean();
});

describe('toasts', () => {
  it('draw every toast in one place, below the header, with a bar for its duration', async () => {
    renderWithProviders(<Toasts />);
    showToast({ type: 'warning', title: 'הנכס נמחק', message: 'רוטשילד 22' });

    const toast = (await screen.findByText('הנכס נמחק')).closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByText('רוטשילד 22')).toBeInTheDocument();
    const container = toast.closest('[data-position]') as HTMLElement;
    expect(container).toHaveAttribute('data-position', 'top-center');
    // Moved below the header by its class (toast.module.css); no container carries an inline offset.
    expect(container.className).toMatch(/container/);
    for (const other of document.querySelectorAll<HTMLElement>('[data-position]'))
      expect(other.style.top).toBe('');
    // The duration bar (toast.module.css, timed by --toast-duration) and the 300 ms exit of spec 9.
    expect(toast.style.getPropertyValue('--toast-duration')).toBe('5000ms');
    const transitions = [toast, toast.parentElement, toast.parentElement?.parentElement].map(
      (element) => element?.style.transitionDuration ?? '',
    );
    expect(transitions.join(' ')).toContain('300ms');
  });
});
