import type { TestProject } from 'vitest/node';
import { JOURNEY_WORKERS } from './journey-workers';
import { seedBrokers } from './seed-brokers';
import { ensureClientBuild, type RunningServer, snapshotClient, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One real server per worker (journey-server.ts picks this worker's). */
    baseUrls: string[];
    /** The run's copy of the built client, for journeys that start a server of their own. */
    clientDir: string;
  }
}

const servers: RunningServer[] = [];
let client: Awaited<ReturnType<typeof snapshotClient>> | undefined;

/** Builds once, then one real server per worker for the whole run; journeys that need other settings start their own. */
export async function setup(project: TestProject): Promise<void> {
  ensureClientBuild();
  client = await snapshotClient();
  const clientDir = client.clientDir;
  try {
    // One after another: two servers starting at once on a busy machine could each miss the start limit.
    for (let index = 0; index < JOURNEY_WORKERS; index += 1) {
      servers.push(await startServer({ CLIENT_DIR: clientDir }, seedBrokers));
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  project.provide('clientDir', clientDir);
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
  await client?.remove();
}
