import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import toastClasses from '@/components/toast/toast.module.css';

/** Spec 4/9: toasts stay 5 s by default and take 300 ms to leave. */
const toastAutoCloseMs = 5000;
const toastExitMs = 300;

/**
 * Where toasts are drawn. Loaded with the first toast (toasts-on-demand.tsx): `notifications.show()`
 * only writes to a store, and a toast shown before this mounts is drawn as soon as it does.
 */
export function Toasts() {
  return (
    <Notifications
      position="top-center"
      autoClose={toastAutoCloseMs}
      transitionDuration={toastExitMs}
      // One place for every toast, below the header (toast.module.css, decisions.md).
      classNames={{ root: toastClasses.container }}
    />
  );
}
