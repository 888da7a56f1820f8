/**
 * A signed-in session for development tools (manual API calls) without going through
 * the SMS sign-in: finds or creates the user by phone, then prints an access token signed with the
 * development secret kept in DATA_DIR (created if missing, as the server does).
 *
 *   DATA_DIR=./data npx tsx scripts/dev-token.ts [--phone +972501234567] [--minutes 120] [--json]
 *
 * Run it before starting the server on the same DATA_DIR (PGlite is single-process), or with
 * DATABASE_URL. Refuses NODE_ENV=production. --json prints {jwtToken, userId} for scripts.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { createSignInTokens } from '../server/auth/sign-in-tokens';
import { systemClock } from '../server/clock';
import { loadConfig, resolveJwtSecret } from '../server/config';
import { databaseOptionsFromConfig, openDatabase } from '../server/db/database';
import { users } from '../server/db/schema';

async function main() {
  const { values } = parseArgs({
    options: {
      phone: { type: 'string', default: '+972501234567' },
      minutes: { type: 'string', default: '120' },
      json: { type: 'boolean', default: false },
    },
  });
  if (process.env.NODE_ENV === 'production') throw new Error('dev-token is for development only');
  const minutes = Number(values.minutes);
  if (!Number.isInteger(minutes) || minutes < 1) throw new Error('--minutes must be a whole number');

  const config = await resolveJwtSecret(loadConfig(process.env));
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    const [found] = await database.db.select().from(users).where(eq(users.phoneNumber, values.phone));
    const user =
      found ??
      (
        await database.db
          .insert(users)
          .values({
            phoneNumber: values.phone,
            firstName: 'דנה',
            lastName: 'כהן',
            email: 'dana@example.co.il',
          })
          .returning()
      )[0];
    if (!user) throw new Error('could not create the user');
    // A sign-in of its own (a session): access tokens of no live session are refused.
    const { jwtToken: token } = await createSignInTokens({
      db: database.db,
      clock: systemClock,
      config: { jwtSecret: config.jwtSecret, accessTokenTtlSeconds: minutes * 60 },
    }).signIn(database.db, user.id);
    console.log(values.json ? JSON.stringify({ jwtToken: token, userId: user.id }) : token);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
