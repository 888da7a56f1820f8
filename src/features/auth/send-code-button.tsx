import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sendCodeLabel } from './send-wait-label';

interface SendCodeButtonProps {
  sendCode: { status: string; waitSeconds: number };
  /** The form's own words: once the code went out, and before. */
  words: { sent: string; submit: string };
  disabled: boolean;
  loading: boolean;
}

/** The submit button that sends a code, on the login form and the registration's first step alike. */
export function SendCodeButton({ sendCode, words, disabled, loading }: SendCodeButtonProps) {
  const { t } = useTranslation('auth');
  return (
    <Button type="submit" size="md" fullWidth loading={loading} disabled={disabled}>
      {sendCodeLabel(t, sendCode, words)}
    </Button>
  );
}
