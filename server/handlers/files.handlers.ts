import { defineHandlers } from './types';

/** Operations tagged `files` in the contract. Those not here answer 501 not_implemented. */
export const filesHandlers = defineHandlers(() => ({}));
