import { loadOnce } from '@/components/load-once';

/** The local draft's view, card and dialog (local-draft-kit.ts): the route's loader starts it when a draft is stored. */
export const loadLocalDraftKit = loadOnce(() => import('./local-draft-kit'));
