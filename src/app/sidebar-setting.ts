import { isSidebarCollapsed, sidebarCookie } from '@page-contract/sidebar-cookie';
import { createContext, useContext, useEffect, useState } from 'react';

/** Where the setting lived before the cookie (Mantine's useLocalStorage, JSON): moved once, then removed. */
const LEGACY_STORAGE_KEY = 'sidebar-collapsed';

/**
 * The server's reading of the request's cookie: src/entry-server.tsx provides it, and src/main.tsx
 * passes it on from the page's server state, so the hydrating render draws the sidebar as the server did
 * without reading `document.cookie` (a synchronous call to the network service, which during a load is
 * busy with the page's requests, so a phone's hydration can wait on it). Only a page the browser renders
 * itself, with no server state, reads the cookie.
 */
const SidebarCollapsedOnServer = createContext<boolean | null>(null);
export const SidebarCollapsedOnServerProvider = SidebarCollapsedOnServer.Provider;

function readCookie(): boolean {
  if (typeof document === 'undefined') return false;
  const prefix = `${sidebarCookie.name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return isSidebarCollapsed(entry?.slice(prefix.length));
}

/**
 * What this page last wrote: the server's reading is of the cookie at the page's load, so a layout
 * mounted again after a change (a page outside it, then back) takes the change from here.
 */
let writtenHere: boolean | null = null;

function writeCookie(collapsed: boolean): void {
  writtenHere = collapsed;
  const value = collapsed ? sidebarCookie.collapsed : sidebarCookie.expanded;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser the app supports.
  document.cookie = `${sidebarCookie.name}=${value}; Path=/; Max-Age=${sidebarCookie.maxAgeSeconds}; SameSite=Lax${secure}`;
}

function hasCookie(): boolean {
  return document.cookie.split('; ').some((part) => part.startsWith(`${sidebarCookie.name}=`));
}

/** Local storage that throws (a private window's quota, a blocked origin) has nothing to move. */
function takeLegacySetting(): boolean | null {
  try {
    const stored = window.localStorage.getItem(LEGACY_STORAGE_KEY);
    if (stored === null) return null;
    window.localStorage.removeItem(LEGACY_STORAGE_KEY);
    return stored === 'true';
  } catch {
    return null;
  }
}

/**
 * The desktop sidebar's collapsed setting: the cookie the server renders with, written on each change.
 * Not shared live between tabs (the local-storage hook was): another tab follows at its next load.
 * A setting stored before the cookie existed (local storage) is moved into it after the first render.
 */
export function useSidebarCollapsed(): { collapsed: boolean; toggle: () => void } {
  const fromServer = useContext(SidebarCollapsedOnServer);
  const [collapsed, setCollapsed] = useState(() => writtenHere ?? fromServer ?? readCookie());

  useEffect(() => {
    const legacy = takeLegacySetting();
    if (legacy === null || hasCookie()) return;
    writeCookie(legacy);
    setCollapsed(legacy);
  }, []);

  const toggle = () => {
    writeCookie(!collapsed);
    setCollapsed(!collapsed);
  };
  return { collapsed, toggle };
}
