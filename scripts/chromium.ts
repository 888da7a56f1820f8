/**
 * Debian's Chromium, as every script and browser test launches it (STACK-NOTES): never a downloaded
 * browser; `CHROMIUM_PATH` points elsewhere when needed. The flags keep it headless-friendly, offline
 * and quiet: no sandbox (containers), no GPU, no QUIC, no first-run, update, sync or background traffic.
 * Playwright adds its own headless switch; Lighthouse's launcher needs `--headless=new` added.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
