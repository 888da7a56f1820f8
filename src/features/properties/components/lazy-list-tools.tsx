import { lazy, Suspense } from 'react';
import type { ListToolsProps } from './list-tools';
import classes from './properties.module.css';

/**
 * The list's tools load after the list: sort, filters, ranges and export menu are a chunk of their
 * own (with their `list` texts), so /properties' first load stays as it was. The placeholder holds
 * their height (one line, or two on a phone) so the list does not jump when they arrive.
 */
const ListToolsChunk = lazy(() =>
  import('./list-tools').then(async (module) => {
    await module.loadListToolTexts();
    return { default: module.ListTools };
  }),
);

export function LazyListTools(props: ListToolsProps) {
  return (
    <Suspense fallback={<div className={classes.toolsPlaceholder} aria-hidden="true" />}>
      <ListToolsChunk {...props} />
    </Suspense>
  );
}
