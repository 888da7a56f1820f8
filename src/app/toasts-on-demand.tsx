import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const loadToasts = () => import('./toasts');
const Toasts = lazy(() => loadToasts().then((module) => ({ default: module.Toasts })));

/**
 * The toast container and its transitions (11–16 kB gzipped with what they bring) load with the first
 * toast, not with the first screen: `notifications.show()` only writes to a store, and a toast shown
 * before the container mounts is drawn as soon as it does. The first key press or press anywhere starts
 * the download, so a toast that follows it (the sign-in's 'code sent') does not wait for it.
 */
export function ToastsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);

  useEffect(() => {
    const warm = () => {
      loadToasts().catch(() => {});
      stop();
    };
    const stop = () => {
      document.removeEventListener('pointerdown', warm, true);
      document.removeEventListener('keydown', warm, true);
    };
    document.addEventListener('pointerdown', warm, true);
    document.addEventListener('keydown', warm, true);
    return stop;
  }, []);

  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
