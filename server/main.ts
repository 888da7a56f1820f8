import { buildApp } from './app';
import { ConfigError, loadAppConfig } from './config';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * Normal service for a moment after the signal, before closing. A request a client has already
 * sent may still sit unread on its connection; Node counts such a connection as idle and close()
 * would reset it (the client sees ECONNRESET for a request it sent in time). One second lets those
 * arrive and become in-flight requests, which close() then waits for.
 */
const SHUTDOWN_DELAY_MS = 1_000;

async function main(): Promise<void> {
  let config: Awaited<ReturnType<typeof loadAppConfig>>;
  try {
    config = await loadAppConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops listening, waits for in-flight requests, then runs onClose hooks (the database).
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
    }, SHUTDOWN_DELAY_MS);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { database: app.database.kind, smsProvider: app.sms.name, env: config.nodeEnv },
    `Nechasim is listening on http://${shownHost}:${port} (API under /api, docs at /api/docs)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
