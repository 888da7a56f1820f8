import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit only generates SQL here (`npm run db:generate`); the server applies the migrations
 * itself at start, on PGlite or PostgreSQL alike.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
