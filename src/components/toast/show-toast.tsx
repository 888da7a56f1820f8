import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import classes from './toast.module.css';

/**
 * Spec 3 "Toast": four types, each with its colour and icon, so a toast's meaning does not rest on
 * colour alone. info: something happened that needs nothing; success: what was asked is done; warning:
 * done, but worth a second look (a deletion that can still be undone); error: not done.
 */
export type ToastType = 'info' | 'success' | 'warning' | 'error';

const LOOK: Record<ToastType, { color: string; icon: ReactNode }> = {
  info: { color: 'blue', icon: <IconInfoCircle size={20} stroke={1.8} aria-hidden="true" /> },
  success: { color: 'teal', icon: <IconCircleCheck size={20} stroke={1.8} aria-hidden="true" /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={20} stroke={1.8} aria-hidden="true" /> },
  error: { color: 'red', icon: <IconCircleX size={20} stroke={1.8} aria-hidden="true" /> },
};

export interface ToastOptions {
  type?: ToastType;
  title?: ReactNode;
  message?: ReactNode;
  /** Milliseconds on screen (spec: 5 s by default); 0 or less keeps it until closed. */
  autoClose?: number;
  id?: string;
}

/** Shows a toast where the app shows them all (app/toasts.tsx); returns its id. */
export const DEFAULT_TOAST_MS = 5000;

export function showToast({
  type = 'info',
  title,
  message,
  autoClose = DEFAULT_TOAST_MS,
  id,
}: ToastOptions): string {
  const look = LOOK[type];
  const timed = autoClose > 0;
  return notifications.show({
    ...(id ? { id } : {}),
    autoClose: timed ? autoClose : false,
    title,
    message,
    color: look.color,
    icon: look.icon,
    ...(timed
      ? {
          className: classes.timed,
          style: { '--toast-duration': `${autoClose}ms` } as CSSProperties,
        }
      : {}),
  });
}
