import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ResendButtonProps extends Pick<ButtonProps, 'size' | 'variant' | 'fullWidth'> {
  /** Seconds until resend is allowed; 0 means now. */
  secondsLeft: number;
  sending: boolean;
  onResend: () => void;
}

/**
 * Spec 4 ("Resend"): says sending, resend, or resend in N seconds, and is disabled while counting down
 * or sending. The countdown itself lives in the OTP machine; this only shows it.
 */
export function ResendButton({
  secondsLeft,
  sending,
  onResend,
  size = 'sm',
  variant = 'subtle',
  fullWidth,
}: ResendButtonProps) {
  const { t } = useTranslation('auth');
  const seconds = Math.max(0, Math.ceil(secondsLeft));
  // A long wait the server set (its Retry-After after too many codes) reads in minutes.
  const label = sending
    ? t('resend.sending')
    : seconds > 90
      ? t('resend.countdownMinutes', { count: Math.ceil(seconds / 60) })
      : seconds > 0
        ? t('resend.countdown', { count: seconds })
        : t('resend.action');

  return (
    <Button
      type="button"
      size={size}
      variant={variant}
      fullWidth={fullWidth}
      disabled={sending || seconds > 0}
      onClick={onResend}
    >
      {label}
    </Button>
  );
}
