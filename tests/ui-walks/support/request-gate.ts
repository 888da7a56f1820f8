/**
 * Holds the screens' requests to the in-process server until the walk says how they end.
 *
 * A machine state that waits for an actor (verifying a code, saving a lead) is on screen only while its
 * request is in flight; with an in-process server that answers in milliseconds, a walk could never see
 * it. So the driver arms a hold for every request a step starts, asserts the waiting state, and the
 * step's `xstate.done.actor.*` / `xstate.error.actor.*` executor then releases it: through to the real
 * server (the normal case), or, only for outcomes the real server cannot produce, answered here.
 */
import { vi } from 'vitest';

type Fetch = typeof globalThis.fetch;

interface Captured {
  input: RequestInfo | URL;
  init: RequestInit | undefined;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

interface Hold {
  name: string;
  method: string;
  pathname: RegExp;
  captured: Captured | null;
  waiters: Array<(captured: Captured) => void>;
}

/** `'POST /api/login/Otp/send'`: a method and a pathname pattern (a string matches exactly). */
export type RequestPattern = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${string}` | RegExp;

function parsePattern(pattern: RequestPattern): { method: string; pathname: RegExp } {
  if (pattern instanceof RegExp) return { method: '*', pathname: pattern };
  const [method, path] = pattern.split(' ', 2) as [string, string];
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}/g, '[^/]+');
  return { method, pathname: new RegExp(`^${escaped}$`) };
}

export class RequestGate {
  private holds: Hold[] = [];
  private readonly inner: Fetch;

  /** Wraps the fetch in place now (the in-process server's); call after the server is started. */
  constructor() {
    this.inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => this.handle(input, init));
  }

  private handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url, window.location.href);
    const hold = this.holds.find(
      (candidate) =>
        candidate.captured === null &&
        (candidate.method === '*' || candidate.method === request.method) &&
        candidate.pathname.test(pathname),
    );
    if (!hold) return this.inner(input, init);
    return new Promise<Response>((resolve, reject) => {
      const captured = { input, init, resolve, reject };
      hold.captured = captured;
      for (const waiter of hold.waiters.splice(0)) waiter(captured);
    });
  }

  /** The next request matching `pattern` waits until `release(name)`. */
  hold(name: string, pattern: RequestPattern): void {
    if (this.holds.some((hold) => hold.name === name)) throw new Error(`gate: ${name} is already held`);
    this.holds.push({ name, ...parsePattern(pattern), captured: null, waiters: [] });
  }

  isHeld(name: string): boolean {
    return this.holds.some((hold) => hold.name === name);
  }

  private async take(name: string, timeoutMs: number): Promise<Captured> {
    const hold = this.holds.find((candidate) => candidate.name === name);
    if (!hold) throw new Error(`gate: no request named ${name} is held`);
    const captured =
      hold.captured ??
      (await new Promise<Captured>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`gate: the screen never sent the request held as ${name}`)),
          timeoutMs,
        );
        hold.waiters.push((value) => {
          clearTimeout(timer);
          resolve(value);
        });
      }));
    this.holds = this.holds.filter((candidate) => candidate !== hold);
    return captured;
  }

  /**
   * Lets the held request go on to the real server, or, given `answer`, answers it without the server
   * (`Response.error()`-like failures: pass a function that throws).
   */
  async release(name: string, answer?: () => Response | Promise<Response>, timeoutMs = 5000): Promise<void> {
    const captured = await this.take(name, timeoutMs);
    try {
      captured.resolve(await (answer ? answer() : this.inner(captured.input, captured.init)));
    } catch (error) {
      captured.reject(error);
    }
  }

  /** Drops the holds of a finished path; a request still held is left unanswered (its screen is gone). */
  reset(): void {
    this.holds = [];
  }
}

/** A JSON envelope response, for the few outcomes a walk must forge. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
