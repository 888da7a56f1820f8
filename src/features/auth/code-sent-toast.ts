import { notifications } from '@mantine/notifications';
import { i18n } from '@/i18n/i18n';

/** Spec 4/9: an info toast 'code sent' for 2 seconds at bottom-right, while the verify screen is 2 s away. */
export const CODE_SENT_TOAST_MS = 2000;

export function showCodeSentToast(): void {
  notifications.show({
    message: i18n.t('auth:authCommon.otpCodeSent'),
    color: 'blue',
    position: 'bottom-right',
    autoClose: CODE_SENT_TOAST_MS,
  });
}
