import { useSyncExternalStore } from 'react';

/**
 * The phone rules load on the first key press or press in a phone field, not with the page: the
 * sign-in field is focused on arrival, so focus says nothing about intent (docs/decisions.md). Until
 * they arrive the field draws the default country from constants and the digits as typed.
 */
export type PhoneRules = typeof import('./phone-rules');

let loaded: PhoneRules | null = null;
let loading: Promise<PhoneRules> | undefined;
const listeners = new Set<() => void>();

/** One download for every field; a failed one is tried again on the next call. */
export function loadPhoneRules(): Promise<PhoneRules> {
  if (!loading) {
    loading = import('./phone-rules').then(
      (rules) => {
        loaded = rules;
        for (const listener of listeners) listener();
        return rules;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
  }
  return loading;
}

/** Starts the download where nobody waits for it; a failure shows on the next call that does. */
export function requestPhoneRules(): void {
  loadPhoneRules().catch(() => {});
}

/** The rules if they have arrived, for a handler that runs after the render that read them. */
export function phoneRulesIfLoaded(): PhoneRules | null {
  return loaded;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The rules once loaded, else null. The server's page and the hydrating render always see null, so
 * both draw the same lib-free field whatever the server has loaded.
 */
export function usePhoneRules(): PhoneRules | null {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
}
