import { type PhoneValue, parseE164 } from '@domain/phone';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * Spec 2: `?phone=` pre-fills the phone field and is then removed from the URL (history replaced), so
 * a reload or a shared link does not keep pre-filling a number the user has since changed.
 * Returns the number it read, when valid.
 */
export function useConsumePhoneParam(phone: string | undefined): PhoneValue | null {
  const navigate = useNavigate();
  const [initial] = useState(() => parseE164(phone));
  useEffect(() => {
    if (phone === undefined) return;
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, phone: undefined }),
      replace: true,
    });
  }, [phone, navigate]);
  return initial;
}
