import { loadOnce } from '@/components/load-once';

/**
 * The /login phone form's module (libphonenumber's rules are not in it: they load on the first key
 * press in the field). The route's loader starts this download beside the page's own, and the page
 * waits for it behind a placeholder of the same size, so the page's frame and texts paint without it.
 */
export const loadLoginPhoneForm = loadOnce(() => import('./login-phone-form'));
