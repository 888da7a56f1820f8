import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Long enough for a cold start on two busy cores (transpile, open PGlite, migrate). */
const START_TIMEOUT_MS = 90_000;

export const RESILIENCE_JWT_SECRET = 'resilience-only-secret-0123456789abcdef0123456789';

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Every line the server wrote (JSON logs on stdout, anything else on stderr). */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends the process if it is still running (SIGKILL), and waits for it. */
  stop(): Promise<void>;
}

/**
 * Starts server/main.ts (the sources `npm start` bundles, run here through tsx, without the client
 * build) on a free port, and resolves once it logs that it listens.
 */
export async function startServer(
  env: Record<string, string>,
  options: { fileLimit?: number } = {},
): Promise<ServerProcess> {
  // `node --import tsx` is `tsx server/main.ts` in one process: the tsx CLI runs the server in a
  // child of its own, so a SIGKILL sent to the CLI would leave the real server running.
  const nodeArgs = ['--import', 'tsx', 'server/main.ts'];
  // A file limit is set by the shell, which then becomes node (exec keeps the pid for SIGKILL).
  const [command, args] =
    options.fileLimit === undefined
      ? [process.execPath, nodeArgs]
      : ['bash', ['-c', `ulimit -n ${options.fileLimit} && exec "$0" "$@"`, process.execPath, ...nodeArgs]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      JWT_SECRET: RESILIENCE_JWT_SECRET,
      CLIENT_DIR: resolve(ROOT, 'tests/resilience/no-client'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output.join('\n')}`)),
      START_TIMEOUT_MS,
    );
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        output.push(line);
        const match = /listening on http:\/\/[^:]+:(\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolvePort(Number(match[1]));
        }
      }
    };
    child.stdout?.on('data', onLine);
    child.stderr?.on('data', onLine);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output.join('\n')}`));
    });
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A client address per call, so the per-address sign-in limits of one test never meet. */
let addressCounter = 0;

/**
 * Registers a broker the way the app does (lead, code from the dev outbox, verify, register) and
 * returns their Authorization header.
 */
export async function registerBroker(base: string, phoneNumber: string): Promise<Record<string, string>> {
  const tokens = await registerBrokerTokens(base, phoneNumber);
  return { authorization: `Bearer ${tokens.jwtToken}` };
}

/** The same registration, answering the sign-in's tokens. */
export async function registerBrokerTokens(
  base: string,
  phoneNumber: string,
): Promise<{ jwtToken: string; refreshToken: string }> {
  addressCounter += 1;
  const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { data: Record<string, unknown> };
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const lead = await call('POST', '/login/leads/save', {
    firstName: 'דנה',
    lastName: 'כהן',
    email: `dana${addressCounter}@example.co.il`,
    phoneNumber,
    acceptedTerms: true,
    companyName: 'כהן נכסים',
    companyType: 'brokerage',
    position: 'מנהלת',
  });
  const sent = await call('POST', '/login/Otp/send', {
    phoneNumber,
    process: 'registration',
    leadId: lead.id,
  });
  const outbox = (await call(
    'GET',
    `/dev/sms-outbox?phone=${encodeURIComponent(phoneNumber)}`,
  )) as unknown as {
    code: string;
  }[];
  await call('POST', '/login/Otp/verify', {
    process: 'registration',
    otpSessionId: sent.otpSessionId,
    otpCode: outbox[0]?.code,
    leadId: lead.id,
  });
  const tokens = await call(
    'POST',
    '/login/auth/register/lead',
    { leadId: lead.id },
    { 'x-lead-secret': String(lead.leadSecret) },
  );
  return { jwtToken: String(tokens.jwtToken), refreshToken: String(tokens.refreshToken) };
}

export interface ListedProperty {
  id: string;
  address: string | null;
  status: string;
}

/** Every property in the broker's list, all pages. */
export async function listAll(base: string, headers: Record<string, string>): Promise<ListedProperty[]> {
  const items: ListedProperty[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${base}/api/property/list?page=${page}&pageSize=100`, { headers });
    if (!response.ok) throw new Error(`list → ${response.status} ${await response.text()}`);
    const data = ((await response.json()) as { data: { items: ListedProperty[]; hasNextPage: boolean } })
      .data;
    items.push(...data.items);
    if (!data.hasNextPage) return items;
  }
}
