import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createHttpSmsProvider } from '../../server/sms/http-sms-provider';
import { SmsDeliveryError } from '../../server/sms/sms-provider';
import { buildTestApp } from './helpers/build-test-app';

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: unknown;
}

const MESSAGE = { phoneNumber: '+972541234567', message: 'קוד האימות שלך לנכסים: 654321.', code: '654321' };

describe('the HTTP SMS gateway provider', () => {
  let server: Server;
  let baseUrl: string;
  const received: Received[] = [];
  /** What the gateway does with the next request. */
  let behave: (response: ServerResponse) => void = (response) => response.writeHead(202).end('{"id":"m1"}');

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        behave(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const provider = (timeoutMs = 2000) =>
    createHttpSmsProvider({
      url: `${baseUrl}/v1/messages`,
      token: 'gateway-secret',
      sender: 'Nechasim',
      timeoutMs,
    });

  it('POSTs the message as JSON with the bearer token and the sender', async () => {
    received.length = 0;
    behave = (response) => response.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"m1"}');

    await provider().send(MESSAGE);

    expect(received).toEqual([
      {
        method: 'POST',
        url: '/v1/messages',
        headers: expect.objectContaining({
          authorization: 'Bearer gateway-secret',
          'content-type': 'application/json',
        }),
        body: { to: MESSAGE.phoneNumber, from: 'Nechasim', text: MESSAGE.message },
      },
    ]);
  });

  it('rejects with SmsDeliveryError when the gateway refuses, without the message or code in the error', async () => {
    behave = (response) =>
      response.writeHead(500).end(JSON.stringify({ error: 'boom', echo: MESSAGE.message }));

    const error = await provider()
      .send(MESSAGE)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toBe('SMS gateway answered 500');
    expect(JSON.stringify(error)).not.toContain(MESSAGE.code);
  });

  it('does not follow a redirect: it is a refusal, and the message goes nowhere else', async () => {
    received.length = 0;
    behave = (response) => response.writeHead(302, { location: `${baseUrl}/elsewhere` }).end();

    const error = await provider()
      .send(MESSAGE)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toBe('SMS gateway answered 302');
    expect(received.map((request) => request.url)).toEqual(['/v1/messages']);
  });

  it('sends one message after another over the same connection', async () => {
    behave = (response) => response.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"m2"}');
    const sockets = new Set<unknown>();
    const count = (request: IncomingMessage) => sockets.add(request.socket);
    server.on('request', count);
    try {
      const gateway = provider();
      await gateway.send(MESSAGE);
      await gateway.send(MESSAGE);
      await gateway.send(MESSAGE);
    } finally {
      server.off('request', count);
    }

    expect(sockets.size).toBe(1);
  });

  it('gives up after its timeout', async () => {
    behave = () => {
      // Never answers.
    };
    const started = Date.now();

    const error = await provider(150)
      .send(MESSAGE)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toBe('SMS gateway did not answer within 150 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rejects when the gateway cannot be reached', async () => {
    const closed = createHttpSmsProvider({
      url: 'http://127.0.0.1:9/unreachable',
      token: 't',
      sender: 'Nechasim',
      timeoutMs: 2000,
    });

    await expect(closed.send(MESSAGE)).rejects.toThrow('SMS gateway could not be reached');
  });

  it('is what SMS_PROVIDER=http wires into the app: a sent code reaches the gateway', async () => {
    received.length = 0;
    behave = (response) => response.writeHead(200).end();
    const gateway = loadConfig({
      NODE_ENV: 'test',
      SMS_PROVIDER: 'http',
      SMS_GATEWAY_URL: `${baseUrl}/send`,
      SMS_GATEWAY_TOKEN: 'gateway-secret',
      SMS_SENDER: 'Nechasim',
    });
    const testApp = await buildTestApp({
      config: { smsProvider: gateway.smsProvider, smsGateway: gateway.smsGateway },
    });
    try {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/login/Otp/send',
        payload: { phoneNumber: MESSAGE.phoneNumber, process: 'auth' },
      });

      expect(testApp.app.sms.name).toBe('http');
      expect(response.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]?.body).toEqual({
        to: MESSAGE.phoneNumber,
        from: 'Nechasim',
        text: expect.stringMatching(/^קוד האימות שלך לנכסים: \d{6}\. הקוד בתוקף ל-5 דקות\.$/),
      });
    } finally {
      await testApp.close();
    }
  });
});

describe('SMS gateway settings', () => {
  const http = {
    SMS_PROVIDER: 'http',
    SMS_GATEWAY_URL: 'https://sms.example.com/send',
    SMS_GATEWAY_TOKEN: 'tok',
    SMS_SENDER: 'Nechasim',
  };

  it('reads the gateway from the environment, with a 10 s timeout unless told otherwise', () => {
    expect(loadConfig(http).smsGateway).toEqual({
      url: 'https://sms.example.com/send',
      token: 'tok',
      sender: 'Nechasim',
      timeoutMs: 10_000,
    });
    expect(loadConfig({ ...http, SMS_GATEWAY_TIMEOUT_MS: '3000' }).smsGateway?.timeoutMs).toBe(3000);
    expect(loadConfig({}).smsGateway).toBeNull();
  });

  it.each([
    [{ ...http, SMS_GATEWAY_URL: '' }, /SMS_GATEWAY_URL/],
    [{ ...http, SMS_GATEWAY_TOKEN: '' }, /SMS_GATEWAY_TOKEN/],
    [{ ...http, SMS_SENDER: ' ' }, /SMS_SENDER/],
    [{ ...http, SMS_GATEWAY_URL: 'ftp://sms.example.com' }, /http\(s\) URL/],
    [
      {
        ...http,
        SMS_GATEWAY_URL: 'http://sms.example.com',
        NODE_ENV: 'production',
        // A secret production accepts, so that the gateway's address is what is refused.
        JWT_SECRET: 'k7Qe9vZ2mX4pL8sR1tY6wB3nH5jD0cFa',
      },
      /https/,
    ],
  ])('refuses incomplete or unsafe settings %#', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
