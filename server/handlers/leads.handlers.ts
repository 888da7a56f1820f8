import { defineHandlers } from './types';

/** Operations tagged `leads` in the contract. Those not here answer 501 not_implemented. */
export const leadsHandlers = defineHandlers(() => ({}));
