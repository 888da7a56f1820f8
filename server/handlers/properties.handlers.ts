import { defineHandlers } from './types';

/** Operations tagged `properties` in the contract. Those not here answer 501 not_implemented. */
export const propertiesHandlers = defineHandlers(() => ({}));
