/** Writes entries into the page's local storage (a language, a session), as the app would have. */
export function storeEntries(entries: Record<string, string>): void {
  for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
}
