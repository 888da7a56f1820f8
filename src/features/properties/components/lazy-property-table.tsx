import { mobileMediaQuery } from '@page-contract/breakpoints';
import { lazy } from 'react';
import { loadOnce } from '@/components/load-once';

/**
 * The list's table, and its loading rows, load only where a table is shown. A phone lists cards and
 * never needs Mantine's Table, whose scroll container brings ScrollArea and, through it, floating-ui
 * (about 16 KiB gzipped of a phone's first load).
 */
const loadTableModule = loadOnce(() => import('./property-table'));

export const PropertyTable = lazy(() =>
  loadTableModule().then((module) => ({ default: module.PropertyTable })),
);

export const PropertyTableSkeleton = lazy(() =>
  loadTableModule().then((module) => ({ default: module.PropertyTableSkeleton })),
);

/**
 * For the list routes' loaders: on a screen wide enough for the table, its code downloads with the
 * page's, so the page never waits on it after it renders; a phone skips it.
 */
export async function preloadPropertyTable(): Promise<void> {
  if (typeof window === 'undefined' || window.matchMedia(mobileMediaQuery).matches) return;
  await loadTableModule();
}
