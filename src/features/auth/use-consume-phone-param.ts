import { type PhoneValue, parseE164 } from '@domain/phone';
import { useState } from 'react';
import { useDropPhoneParam } from './use-drop-phone-param';

/** `?phone=` for a form that carries the phone rules: returns the number it read, when valid. */
export function useConsumePhoneParam(phone: string | undefined): PhoneValue | null {
  const [initial] = useState(() => parseE164(phone));
  useDropPhoneParam(phone);
  return initial;
}
