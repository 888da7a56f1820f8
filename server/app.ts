import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAppServices } from './app-services';
import { type Clock, createSettableClock, systemClock } from './clock';
import type { AppConfig, TrustProxy } from './config';
import { type Database, databaseOptionsFromConfig, openDatabase } from './db/database';
import { clientPagePlugin } from './exposure/client-page.routes';
import { orderDocumentPlugin } from './exposure/order-document.routes';
import { createHandlers } from './handlers';
import type { HandlerContext } from './handlers/handler-context';
import type { HandlerMap } from './handlers/types';
import { guardConnections } from './http/connection-guard';
import { loadContract } from './http/contract';
import { loggerOptions } from './http/logger-options';
import { pageReadersOf } from './http/page-readers';
import { apiDocsPlugin } from './plugins/api-docs';
import { createSecurityHandlers } from './plugins/auth';
import { corsPlugin } from './plugins/cors';
import { dbPlugin } from './plugins/db';
import { errorEnvelopePlugin, frameworkErrorHandler } from './plugins/error-envelope';
import { multipartPlugin } from './plugins/multipart';
import { openapiRoutesPlugin } from './plugins/openapi-routes';
import { rateLimitPlugin } from './plugins/rate-limit';
import { responseValidationPlugin } from './plugins/response-validation';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticClientPlugin } from './plugins/static-client';
import { validationPlugin } from './plugins/validation';
import { sharePagePlugin } from './sharing/share-page.routes';
import { createSmsProvider } from './sms/create-sms-provider';
import type { SmsProvider } from './sms/sms-provider';
import { s3ReadOrigin } from './storage/s3-file-store';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    clock: Clock;
    sms: SmsProvider;
  }
}

/** Everything buildApp would otherwise make itself; tests pass their own. */
export interface AppDeps {
  clock?: Clock;
  /** An open, migrated database; the app will not close it. */
  database?: Database;
  sms?: SmsProvider;
  /** Where the JSON logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** The default per-IP requests per minute. */
  rateLimitMax?: number;
  /** Share page loads per IP per minute (its photos get twenty times as many). */
  sharePageRateLimit?: number;
  /** Handlers that replace the real ones, by operationId (tests of the plumbing around them). */
  handlers?: (context: HandlerContext) => HandlerMap;
}

/** JSON bodies are small (a property is a few KB); files go through multipart with its own limits. */
export const JSON_BODY_LIMIT = 256 * 1024;

/**
 * The whole server as a Fastify instance, not yet listening: `main.ts` listens, tests use
 * `app.inject`. Plugin order matters: the validator and error handler must exist before routes.
 */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  // Opening PGlite is mostly waiting (its WebAssembly compiles off the main thread, the data files
  // load): started first, it runs while the plugins below set up and compile the contract's schemas.
  const opening = deps.database ? undefined : openDatabase(databaseOptionsFromConfig(config));
  // Awaited by the db plugin; until then a failure must not count as an unhandled rejection.
  opening?.catch(() => {});
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    frameworkErrors: frameworkErrorHandler,
    // Creating and migrating a PGlite data dir takes well over Fastify's default 10 s on a busy
    // two-core machine; the server then refused to start at all.
    pluginTimeout: 120_000,
    // While closing, a request that still arrives on an open connection is served (with
    // Connection: close) rather than answered with Fastify's own 503 body: that is the drain.
    return503OnClosing: false,
    // Node's own deadlines: headers within the request timeout, any whole request (uploads are the
    // longest) within the upload timeout, checked every second rather than every 30 s.
    requestTimeout: config.uploadTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, config.uploadTimeoutMs),
      connectionsCheckingInterval: 1_000,
    },
  });
  guardConnections(app, config);
  // A settable clock runs on top of the given one (a test's), so it can be tested like any other.
  const settableClock = config.settableClock ? createSettableClock(deps.clock ?? systemClock) : null;
  const clock = settableClock ?? deps.clock ?? systemClock;
  app.decorate('config', config);
  app.decorate('clock', clock);

  await app.register(errorEnvelopePlugin);
  await app.register(validationPlugin);
  if (config.validateResponses) await app.register(responseValidationPlugin);
  await app.register(securityHeadersPlugin, {
    isProduction: config.isProduction,
    fileOrigins: config.fileStore.kind === 's3' ? [s3ReadOrigin(config.fileStore)] : [],
  });
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(rateLimitPlugin, { max: deps.rateLimitMax });
  await app.register(dbPlugin, { config, database: deps.database, opening });
  await app.register(multipartPlugin);

  const sms = deps.sms ?? createSmsProvider(config, app.db, clock);
  app.decorate('sms', sms);

  const resources = { config, db: app.db, database: app.database, clock, settableClock, sms };
  const services = createAppServices(resources);
  const context: HandlerContext = { ...resources, ...services };
  const document = loadContract();
  await app.register(openapiRoutesPlugin, {
    document,
    handlers: { ...createHandlers(context), ...deps.handlers?.(context) },
    securityHandlers: createSecurityHandlers({ config, clock, sessions: services.auth.sessions }),
  });
  await app.register(apiDocsPlugin, { document });
  await app.register(sharePagePlugin, { context, pageRateLimit: deps.sharePageRateLimit });
  await app.register(clientPagePlugin, { context, pageRateLimit: deps.sharePageRateLimit });
  await app.register(orderDocumentPlugin, { context, pageRateLimit: deps.sharePageRateLimit });
  await app.register(staticClientPlugin, { clientDir: config.clientDir, readers: pageReadersOf(context) });

  app.addHook('onClose', async () => {
    await services.auth.sessions.stop();
    await services.property.revisions.stop();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  return app;
}

/** A hop count means "trust the n proxies nearest to us"; Fastify's types only take a function for it. */
function trustProxyOption(trustProxy: TrustProxy) {
  if (typeof trustProxy !== 'number') return trustProxy;
  if (trustProxy === 0) return false;
  return (_address: string, hop: number) => hop < trustProxy;
}
