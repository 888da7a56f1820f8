import type { AppResources } from '../app-resources';
import { announcementsOf } from '../db/database';
import { createOtpService } from '../otp/otp.service';
import { createLoginService } from './login.service';
import { createRegistrationService } from './registration.service';
import { createSessionService } from './sessions.service';
import { createSignInTokens } from './sign-in-tokens';

/** The sign-in and registration services of one app; only the session check keeps anything (sessions.service.ts). */
export function createAuthServices({ db, database, clock, sms, config }: AppResources) {
  const announcements = announcementsOf(database);
  const tokens = createSignInTokens({
    db,
    clock,
    config,
    ...(announcements && { revocationHeard: () => announcements.heardEverywhere() }),
  });
  const otp = createOtpService({
    db,
    clock,
    sms,
    secret: config.jwtSecret,
    smsCountries: config.smsCountries,
    smsDailyLimit: config.smsDailyLimit,
  });
  return {
    otp,
    tokens,
    sessions: createSessionService({ db, clock, database }),
    login: createLoginService({ otp, tokens }),
    registration: createRegistrationService({ db, clock, tokens }),
  };
}

/**
 * Route options for every sign-in and registration operation: a per-address ceiling per minute
 * (keyed by request.ip, so X-Forwarded-For counts only behind a trusted proxy), on top of the
 * database limits per phone and per address that sending and checking codes keep.
 */
export function authRouteOptions(config: AppResources['config']) {
  return { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: 60_000 } } };
}
