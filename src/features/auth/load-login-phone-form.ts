/**
 * The /login phone form's module: libphonenumber's rules and metadata (about 40 KiB gzipped) are the
 * bulk of it. The route's loader starts this download beside the page's own, and the page waits for
 * it behind a placeholder of the same size, so the page's frame and texts paint without it.
 */
export const loadLoginPhoneForm = () => import('./login-phone-form');
