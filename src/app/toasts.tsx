import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** Spec: toasts stay 5 s by default. */
const toastAutoCloseMs = 5000;

/**
 * Where toasts are drawn. Loaded after the first render (see providers.tsx): `notifications.show()`
 * only writes to a store, and a toast shown before this mounts is drawn as soon as it does.
 */
export function Toasts() {
  return <Notifications position="top-center" autoClose={toastAutoCloseMs} />;
}
