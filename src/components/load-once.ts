/**
 * One download of a module for a route's loader and its screen. React's `use` reads a promise marked
 * fulfilled at once, so a screen rendered after the loader waited for the module shows no fallback and
 * draws in one piece; a failed download is tried again on the next call.
 */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: TrackedPromise<T> | undefined;
  return () => {
    if (!loading) {
      const promise: TrackedPromise<T> = load();
      promise.then(
        (value) => {
          promise.status = 'fulfilled';
          promise.value = value;
        },
        () => {
          loading = undefined;
        },
      );
      loading = promise;
    }
    return loading;
  };
}
