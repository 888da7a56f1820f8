import { authRouteOptions } from '../auth/auth-services';
import { AppError } from '../http/app-error';
import { languageOf } from '../http/error-messages';
import { defineHandlers } from './types';

/** Sending and checking one-time codes (spec 7: /login/Otp/send and /login/Otp/verify). */
export const otpHandlers = defineHandlers((context) => {
  const { otp, registration } = context.auth;
  const options = authRouteOptions(context.config);
  return {
    sendOtp: {
      options,
      async handler(request) {
        const sent = await otp.send({
          phoneNumber: request.body.phoneNumber,
          process: request.body.process,
          leadId: request.body.leadId,
          ip: request.ip,
          language: languageOf(request.headers['accept-language']),
        });
        return {
          success: true,
          data: {
            otpSessionId: sent.otpSessionId,
            expiresAt: sent.expiresAt.toISOString(),
            resendAvailableAt: sent.resendAvailableAt.toISOString(),
          },
        };
      },
    },

    /** Registration only: sign-in checks its code in login, where it also gets its tokens. */
    verifyOtp: {
      options,
      async handler(request) {
        const { otpSessionId, otpCode, process, leadId } = request.body;
        if (process !== 'registration') {
          throw new AppError(400, 'validation_failed', {
            details: [
              { path: 'body/process', message: 'must be registration; sign in through /login/auth/login' },
            ],
          });
        }
        if (leadId === undefined) {
          throw new AppError(400, 'validation_failed', {
            details: [{ path: 'body/leadId', message: 'is required for registration' }],
          });
        }
        const outcome = await otp.verify({ otpSessionId, otpCode, process, leadId }, (tx, session) =>
          registration.markPhoneVerified(tx, session),
        );
        switch (outcome.kind) {
          case 'verified':
            return { success: true, data: { verified: true, lead: outcome.lead } };
          case 'phone_already_registered':
            throw new AppError(409, 'phone_already_registered');
          case 'lead_already_registered':
            throw new AppError(409, 'lead_already_registered');
          case 'phone_changed':
            // The code proves a phone the lead no longer has.
            throw new AppError(400, 'otp_mismatch');
        }
      },
    },
  };
});
