import { type Database, type Db, databaseOptionsFromConfig, openDatabase } from '../db/database';
import { definePlugin } from './define-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export interface DbPluginOptions extends Record<string, unknown> {
  config: { databaseUrl: string | null; databasePoolSize?: number; dataDir: string };
  /** An open database to use instead (tests share one per file); the app then leaves it open. */
  database?: Database;
  /** The app's own database, already being opened (buildApp starts it first); closed with the app. */
  opening?: Promise<Database>;
}

/** Opens (and migrates) the database unless one is given, and closes what it opened with the app. */
export const dbPlugin = definePlugin<DbPluginOptions>('db', async (app, options) => {
  const database =
    options.database ?? (await (options.opening ?? openDatabase(databaseOptionsFromConfig(options.config))));
  app.decorate('database', database);
  app.decorate('db', database.db);
  if (!options.database) {
    app.addHook('onClose', async () => {
      await database.close();
    });
  }
});
