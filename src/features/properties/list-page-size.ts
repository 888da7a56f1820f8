import {
  DEFAULT_PROPERTY_PAGE_SIZE,
  isPropertyPageSize,
  type PropertyPageSize,
} from '@domain/property-list-query';

/** The broker's choice of rows per load, kept on this device (not in the address: it is a habit). */
const STORAGE_KEY = 'nechasim.list.pageSize';

export function readListPageSize(
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage(),
): PropertyPageSize {
  const stored = Number(storage?.getItem(STORAGE_KEY));
  return isPropertyPageSize(stored) ? stored : DEFAULT_PROPERTY_PAGE_SIZE;
}

export function writeListPageSize(
  size: PropertyPageSize,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
): void {
  try {
    storage?.setItem(STORAGE_KEY, String(size));
  } catch {
    // A full or refused storage only means the choice is not remembered.
  }
}

/** localStorage, or nothing where it is missing or refused (private modes, tests without a DOM). */
function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
