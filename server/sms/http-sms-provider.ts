import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { clearTimeout, setTimeout } from 'node:timers';
import type { SmsGatewaySettings } from '../config';
import { SmsDeliveryError, type SmsProvider } from './sms-provider';

/**
 * Production delivery: one JSON POST per message to an HTTP SMS gateway,
 * `{"to": "+972…", "from": "<sender>", "text": "…"}` with a bearer token, and a timeout so a slow
 * gateway cannot hold a sign-in request open. Any 2xx means accepted; a redirect is not followed
 * and counts as a refusal. The body of a failed answer is not read into the error: gateways echo
 * the message (and so the code) back.
 *
 * Sent with node:http(s) and a keep-alive agent rather than fetch: fetch's streams, headers and
 * abort machinery cost more of the server's thread per send than the rest of the send together
 * (docs/decisions.md, issue 26 item 4, sixth round).
 */
export function createHttpSmsProvider(settings: SmsGatewaySettings): SmsProvider {
  const url = new URL(settings.url);
  const secure = url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const timeoutError = () =>
    new SmsDeliveryError(`SMS gateway did not answer within ${settings.timeoutMs} ms`);

  return {
    name: 'http',
    send({ phoneNumber, message }) {
      const body = JSON.stringify({ to: phoneNumber, from: settings.sender, text: message });
      return new Promise<void>((resolve, reject) => {
        let settled = false;
        const finish = (error?: SmsDeliveryError) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (error) reject(error);
          else resolve();
        };
        const request = send(
          url,
          {
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${settings.token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              accept: 'application/json',
            },
          },
          (response: IncomingMessage) => {
            const status = response.statusCode ?? 0;
            // Drain the body so the connection can be reused; its content is deliberately ignored.
            response.resume();
            response.once('end', () =>
              finish(
                status >= 200 && status < 300
                  ? undefined
                  : new SmsDeliveryError(`SMS gateway answered ${status}`),
              ),
            );
            response.once('error', () => finish(new SmsDeliveryError('SMS gateway could not be reached')));
          },
        );
        // The whole exchange, not only the connection, must end within the timeout (node:timers: a
        // test's fake clock must not stop a real socket's deadline).
        const timer = setTimeout(() => {
          finish(timeoutError());
          request.destroy();
        }, settings.timeoutMs);
        request.once('error', () => finish(new SmsDeliveryError('SMS gateway could not be reached')));
        request.end(body);
      });
    },
  };
}
