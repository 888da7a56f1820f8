import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type SessionPort, unwrap } from '@/api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ok = (data: unknown) => json(200, { success: true, data });
const unauthorized = () => json(401, { success: false, Message: 'נדרשת התחברות', code: 'unauthorized' });

/** A session whose refresh is shared: concurrent callers wait for one refresh, as the auth machine does. */
function sharedRefreshSession(initial: string | null, refreshTo: string | null) {
  let token = initial;
  let inFlight: Promise<string | null> | null = null;
  const refresh = vi.fn(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    token = refreshTo;
    return token;
  });
  const session: SessionPort = {
    accessToken: () => token,
    tokenRejected: () => {
      inFlight ??= refresh().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    retryRejected: vi.fn(),
  };
  return { session, refresh };
}

describe('unwrap', () => {
  it('returns the envelope data of a 2xx answer', async () => {
    const api = createApiClient({ baseUrl: 'http://test/api', fetch: async () => ok({ status: 'ok' }) });
    await expect(unwrap(api.GET('/health'))).resolves.toEqual({ status: 'ok' });
  });

  it("throws an ApiError with the server's Message, code and status", async () => {
    const api = createApiClient({
      baseUrl: 'http://test/api',
      fetch: async () =>
        json(429, { success: false, Message: 'נסו שוב בעוד 30 שניות', code: 'rate_limited' }),
    });
    const error = await unwrap(
      api.POST('/login/Otp/send', { body: { phoneNumber: '+972501234567', process: 'auth' } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'נסו שוב בעוד 30 שניות', code: 'rate_limited', status: 429 });
  });

  it('turns a network failure into network_error', async () => {
    const api = createApiClient({
      baseUrl: 'http://test/api',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(unwrap(api.GET('/health'))).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });

  /**
   * A server that never answers. Its requests stay in `inFlight`, held as the network holds a request in
   * flight: a test keeps that list to the end.
   */
  function neverAnswering(timeoutMs: number) {
    const inFlight: Request[] = [];
    const api = createApiClient({
      baseUrl: 'http://test/api',
      timeoutMs,
      fetch: (request) => {
        inFlight.push(request);
        return new Promise((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        );
      },
    });
    return { api, inFlight };
  }

  it('gives up after the timeout with code timeout', async () => {
    const server = neverAnswering(20);
    await expect(unwrap(server.api.GET('/health'))).rejects.toMatchObject({ code: 'timeout' });
    expect(server.inFlight).toHaveLength(1);
  });

  it('still times out when the garbage collector runs while the request hangs', async () => {
    // Node collects a timeout signal that only AbortSignal.any refers to (nodejs/node#57736); in a full
    // suite's memory pressure the request above then hung past the test's own timeout.
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    const server = neverAnswering(50);
    // The expectation is attached before the collections: the 50 ms timeout may fire during them,
    // and a rejection with nobody listening yet fails the whole run as unhandled.
    const timedOut = expect(unwrap(server.api.GET('/health'))).rejects.toMatchObject({ code: 'timeout' });
    for (let round = 0; round < 5; round++) {
      collectGarbage();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await timedOut;
    expect(server.inFlight).toHaveLength(1);
    // A hung request never settles, so any bound catches it; five full collections of a worker heap
    // shared with the files before this one (isolate: false) take seconds on a loaded machine.
  }, 15_000);
});

describe('auth middleware', () => {
  it('sends the bearer token and the UI language, but no token on a refresh call', async () => {
    const seen: Request[] = [];
    const { session } = sharedRefreshSession('access-1', 'access-2');
    const api = createApiClient({
      baseUrl: 'http://test/api',
      getSession: () => session,
      getLanguage: () => 'en',
      fetch: async (request) => {
        seen.push(request);
        return request.url.endsWith('/refresh-token') ? ok({ jwtToken: 'j', refreshToken: 'r' }) : ok({});
      },
    });
    await api.GET('/property/summary');
    await api.POST('/auth/refresh-token', { body: { refreshToken: 'x'.repeat(40) } });
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(seen[0]?.headers.get('Accept-Language')).toBe('en');
    expect(seen[1]?.headers.get('Authorization')).toBeNull();
  });

  it('refreshes once for concurrent 401s and retries each request with the new token', async () => {
    const { session, refresh } = sharedRefreshSession('expired', 'fresh');
    const fetch = vi.fn(async (request: Request) =>
      request.headers.get('Authorization') === 'Bearer fresh'
        ? ok({ path: new URL(request.url).pathname })
        : unauthorized(),
    );
    const api = createApiClient({ baseUrl: 'http://test/api', getSession: () => session, fetch });

    const results = await Promise.all([
      unwrap(api.GET('/property/summary')),
      unwrap(api.GET('/property/list', { params: { query: { page: 1 } } })),
      unwrap(
        api.POST('/property/filter', { body: [{ field: 'status', operator: 'equals', value: 'draft' }] }),
      ),
    ]);

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(results.map((result) => (result as unknown as { path: string }).path)).toEqual([
      '/api/property/summary',
      '/api/property/list',
      '/api/property/filter',
    ]);
    expect(session.retryRejected).not.toHaveBeenCalled();
  });

  it('keeps the request body for the retry', async () => {
    const { session } = sharedRefreshSession('expired', 'fresh');
    const bodies: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://test/api',
      getSession: () => session,
      fetch: async (request) => {
        bodies.push(await request.text());
        return request.headers.get('Authorization') === 'Bearer fresh' ? ok({}) : unauthorized();
      },
    });
    await unwrap(api.POST('/property/create', { body: { city: 'חיפה' } }));
    expect(bodies).toEqual(['{"city":"חיפה"}', '{"city":"חיפה"}']);
  });

  it('reports a second 401 so the session ends, and surfaces the 401 to the caller', async () => {
    const { session } = sharedRefreshSession('expired', 'also-rejected');
    const api = createApiClient({
      baseUrl: 'http://test/api',
      getSession: () => session,
      fetch: async () => unauthorized(),
    });
    await expect(unwrap(api.GET('/property/summary'))).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(session.retryRejected).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the session could not be refreshed', async () => {
    const { session } = sharedRefreshSession('expired', null);
    const fetch = vi.fn(async () => unauthorized());
    const api = createApiClient({ baseUrl: 'http://test/api', getSession: () => session, fetch });
    await expect(unwrap(api.GET('/property/summary'))).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for a 401 from the sign-in call itself', async () => {
    const { session, refresh } = sharedRefreshSession(null, 'fresh');
    const api = createApiClient({
      baseUrl: 'http://test/api',
      getSession: () => session,
      fetch: async () => unauthorized(),
    });
    await expect(
      unwrap(
        api.POST('/login/auth/login', {
          body: { phoneNumber: '+972501234567', otpSessionId: crypto.randomUUID(), otpCode: '123456' },
        }),
      ),
    ).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
  });
});
