import type { SmsGatewaySettings } from '../config';
import { SmsDeliveryError, type SmsProvider } from './sms-provider';

/**
 * Production delivery: one JSON POST per message to an HTTP SMS gateway,
 * `{"to": "+972…", "from": "<sender>", "text": "…"}` with a bearer token, and a timeout so a slow
 * gateway cannot hold a sign-in request open. Any 2xx means accepted. The body of a failed answer
 * is not read into the error: gateways echo the message (and so the code) back.
 */
export function createHttpSmsProvider(
  settings: SmsGatewaySettings,
  fetchImpl: typeof fetch = fetch,
): SmsProvider {
  return {
    name: 'http',
    async send({ phoneNumber, message }) {
      let response: Response;
      try {
        response = await fetchImpl(settings.url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${settings.token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ to: phoneNumber, from: settings.sender, text: message }),
          redirect: 'error',
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        throw new SmsDeliveryError(
          timedOut
            ? `SMS gateway did not answer within ${settings.timeoutMs} ms`
            : 'SMS gateway could not be reached',
        );
      }
      // Drain the body so the connection can be reused; its content is deliberately ignored.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered ${response.status}`);
    },
  };
}
