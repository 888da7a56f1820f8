/**
 * The /login phone form's module (libphonenumber's rules are not in it: they load on the first key
 * press in the field). The route's loader starts this download beside the page's own, and the page
 * waits for it behind a placeholder of the same size, so the page's frame and texts paint without it.
 */
type LoginPhoneFormModule = typeof import('./login-phone-form');

/** React's `use` reads a promise marked fulfilled at once, so a page rendered after the module arrived shows no placeholder. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

let loading: TrackedPromise<LoginPhoneFormModule> | undefined;

/** One download for the loader and the page; a failed one is tried again on the next call. */
export function loadLoginPhoneForm(): Promise<LoginPhoneFormModule> {
  if (!loading) {
    const promise: TrackedPromise<LoginPhoneFormModule> = import('./login-phone-form');
    promise.then(
      (module) => {
        promise.status = 'fulfilled';
        promise.value = module;
      },
      () => {
        loading = undefined;
      },
    );
    loading = promise;
  }
  return loading;
}
