import { lazy, Suspense } from 'react';
import { loadOnce } from '@/components/load-once';
import type { ListToolsProps } from './list-tools';
import classes from './properties.module.css';

/**
 * The list's tools load after the list: sort, filters, ranges and export menu are a chunk of their
 * own (with their `list` texts), so /properties' first load stays as it was. The placeholder holds
 * their height (one line, or two on a phone) so the list does not jump when they arrive.
 */
/**
 * The tools' code and texts, loaded once (and again after a failed download). The list routes' loader waits for them (load-property-list.ts):
 * a page the server rendered is hydrated only then, so React finds the tools' code ready and takes over
 * the server's tools as they are. Hydrated before, the tools' boundary waited for its code, and the
 * page's first re-render after hydration made React replace the server's tools by the placeholder until
 * the code came (the list moved up and down by a line on a phone).
 */
export const preloadListTools = loadOnce(() =>
  import('./list-tools').then(async (module) => {
    await module.loadListToolTexts();
    return { default: module.ListTools };
  }),
);

const ListToolsChunk = lazy(preloadListTools);

export function LazyListTools(props: ListToolsProps) {
  return (
    <Suspense fallback={<div className={classes.toolsPlaceholder} aria-hidden="true" />}>
      <ListToolsChunk {...props} />
    </Suspense>
  );
}
