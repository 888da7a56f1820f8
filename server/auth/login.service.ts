import { AppError } from '../http/app-error';
import type { OtpService } from '../otp/otp.service';
import { findUserIdByPhone } from '../repositories/users.repository';
import type { SignInTokenService, SignInTokens, WithPageSession } from './sign-in-tokens';

export interface LoginInput {
  phoneNumber: string;
  otpSessionId: string;
  otpCode: string;
}

/**
 * Sign-in by phone and code. Whether the phone has an account is looked at only after the code has
 * proven the phone is the caller's: until then a known and an unknown number answer alike.
 */
export function createLoginService({ otp, tokens }: { otp: OtpService; tokens: SignInTokenService }) {
  return async function login({
    phoneNumber,
    otpSessionId,
    otpCode,
  }: LoginInput): Promise<WithPageSession<SignInTokens>> {
    const signedIn = await otp.verify(
      { otpSessionId, otpCode, process: 'auth', phoneNumber },
      async (tx, session) => {
        const userId = await findUserIdByPhone(tx, session.phoneNumber);
        return userId === null ? null : tokens.signIn(tx, userId);
      },
    );
    if (signedIn === null) throw new AppError(404, 'account_not_found');
    return signedIn;
  };
}
