/** One text message carrying a one-time code. */
export interface SmsMessage {
  /** E.164. */
  phoneNumber: string;
  message: string;
  /** The code inside the message; the dev provider keeps it apart so tests and people can read it. */
  code: string;
}

/**
 * Delivers SMS. `dev` (the default outside production) writes to the sms_outbox table; `http`
 * posts to an SMS gateway. Implementations must never log the code or the message text.
 */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the message is accepted for delivery; rejects with SmsDeliveryError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

/**
 * The message was not accepted. Its text names what went wrong (status, timeout) and never the
 * message or the code, so it is safe to log.
 */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}
