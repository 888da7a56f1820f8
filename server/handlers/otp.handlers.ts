import { defineHandlers } from './types';

/** Operations tagged `otp` in the contract. Those not here answer 501 not_implemented. */
export const otpHandlers = defineHandlers(() => ({}));
