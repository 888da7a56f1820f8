import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * Spec 2: `?phone=` pre-fills the phone field and is then removed from the URL (history replaced), so
 * a reload or a shared link does not keep pre-filling a number the user has since changed.
 */
export function useDropPhoneParam(phone: string | undefined): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (phone === undefined) return;
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, phone: undefined }),
      replace: true,
    });
  }, [phone, navigate]);
}
