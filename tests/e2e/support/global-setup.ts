import type { TestProject } from 'vitest/node';
import { seedBrokers } from './seed-brokers';
import { ensureClientBuild, type RunningServer, snapshotClient, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The run's copy of the built client, for journeys that start a server of their own. */
    clientDir: string;
  }
}

let server: RunningServer | undefined;
let client: Awaited<ReturnType<typeof snapshotClient>> | undefined;

/** One real server for the whole run; journeys that need other settings start their own. */
export async function setup(project: TestProject): Promise<void> {
  ensureClientBuild();
  client = await snapshotClient();
  server = await startServer({ CLIENT_DIR: client.clientDir }, seedBrokers);
  project.provide('baseUrl', server.baseUrl);
  project.provide('clientDir', client.clientDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await client?.remove();
}
