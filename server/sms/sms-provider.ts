/** One text message carrying a one-time code. */
export interface SmsMessage {
  /** E.164. */
  phoneNumber: string;
  message: string;
  /** The code inside the message; the dev provider keeps it apart so tests and people can read it. */
  code: string;
}

/**
 * Delivers SMS. `dev` (the default outside production) writes to the sms_outbox table; the
 * sign-in work adds the production provider. Implementations must never log the code.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
