import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { showToast } from '@/components/toast/show-toast';

/** Counts the toast container's module import (it used to load right after every first render). */
const container = vi.hoisted(() => ({ imported: vi.fn() }));
vi.mock('@/app/toasts', async (importOriginal) => {
  container.imported();
  return importOriginal();
});

afterEach(() => {
  notifications.clean();
});

describe('the toast container', () => {
  it('loads with the first toast, not with the first screen', async () => {
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <p>כניסה</p>
      </Providers>,
    );
    expect(screen.getByText('כניסה')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.imported).not.toHaveBeenCalled();

    act(() => {
      showToast({ type: 'success', message: 'הקוד נשלח' });
    });
    expect(await screen.findByText('הקוד נשלח')).toBeInTheDocument();
    expect(container.imported).toHaveBeenCalledTimes(1);
  });
});
