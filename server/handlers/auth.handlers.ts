import { defineHandlers } from './types';

/** Operations tagged `auth` in the contract. Those not here answer 501 not_implemented. */
export const authHandlers = defineHandlers(() => ({}));
