import type { PhoneValue } from '@domain/phone-default-country';
import { useEffect, useState } from 'react';
import { loadPhoneRules } from '@/components/phone-input';
import { useDropPhoneParam } from './use-drop-phone-param';

/**
 * `?phone=` for /login, whose first load leaves the phone rules out: they load because the address
 * names a number, and `fill` receives it once read (when valid). The server's page and the first
 * render show the empty field, as every /login does.
 */
export function usePhoneParamWhenRulesLoad(
  phone: string | undefined,
  fill: (value: PhoneValue) => void,
): void {
  const [asked] = useState(phone);
  useDropPhoneParam(phone);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the address had it on arrival.
  useEffect(() => {
    if (asked === undefined) return;
    let live = true;
    loadPhoneRules().then(
      (rules) => {
        const value = rules.parseE164(asked);
        if (live && value) fill(value);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [asked]);
}
