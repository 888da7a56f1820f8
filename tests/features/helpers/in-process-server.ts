import { vi } from 'vitest';
import { buildTestApp, type TestApp, type TestAppOptions } from '../../server/helpers/build-test-app';
import { forTests } from '../../server/helpers/for-tests';

/**
 * The real server (Fastify + PGlite) in the test process, reached through the page's own `fetch`:
 * screens under test call the API exactly as in the browser, and every request goes through the
 * contract's validation, the handlers and the database. No network and no mocked responses.
 */
export interface InProcessServer extends TestApp {
  /** Requests the screens made, in order, as "METHOD /path". */
  requests: string[];
}

export async function startInProcessServer(options: TestAppOptions = {}): Promise<InProcessServer> {
  const testApp = await buildTestApp(options);
  const requests: string[] = [];

  const fetchThroughServer = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url, window.location.href);
    requests.push(`${request.method} ${url.pathname}`);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const response = await testApp.app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers.entries()),
      ...(hasBody ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const nullBody = response.statusCode === 204 || response.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };

  vi.stubGlobal('fetch', fetchThroughServer);
  return {
    ...testApp,
    requests,
    close: async () => {
      vi.unstubAllGlobals();
      await testApp.close();
    },
  };
}

/** The server of a test file (or of the describe block that calls this): see forTests. */
export const serverForTests = (start: () => Promise<InProcessServer> = startInProcessServer) =>
  forTests(start);

/**
 * Answers the next request to `path` with `response` (a network error when it is 'network') instead of
 * the server, then lets every request through to the server again.
 */
export function answerNextRequest(path: string, response: Response | 'network') {
  const inner = globalThis.fetch;
  let armed = true;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url, window.location.href);
    if (armed && url.pathname === path) {
      armed = false;
      if (response === 'network') throw new TypeError('Failed to fetch');
      return response;
    }
    return inner(input, init);
  });
}
