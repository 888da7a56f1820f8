import { languageCookie, languageStorageKey } from '@page-contract/languages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedLanguage } from '@/i18n/stored-language';

const cacheUserLanguage = (language: string) => storedLanguage.cacheUserLanguage?.(language);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem(languageStorageKey);
  // biome-ignore lint/suspicious/noDocumentCookie: removing the cookie the detector wrote.
  document.cookie = `${languageCookie.name}=; Max-Age=0; Path=/`;
});

describe("the reader's stored language", () => {
  it('keeps the choice in local storage and in the cookie the server reads, and reads it back', () => {
    cacheUserLanguage('en');
    expect(localStorage.getItem(languageStorageKey)).toBe('en');
    expect(document.cookie).toContain(`${languageCookie.name}=en`);
    expect(storedLanguage.detect()).toEqual(['en']);
  });

  it('has no choice to offer where nothing is stored', () => {
    expect(storedLanguage.detect()).toEqual([]);
  });

  it('neither reads nor writes where there is no page (a server render): it does not throw', () => {
    vi.stubGlobal('document', undefined);
    vi.stubGlobal('localStorage', undefined);
    expect(() => cacheUserLanguage('he')).not.toThrow();
    expect(storedLanguage.detect()).toEqual([]);
  });
});
