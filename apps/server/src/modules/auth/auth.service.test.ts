import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from '../../testing/test-databases.ts';
import { CapturingMailer, TestClock } from '../../testing/test-app.ts';
import { createAuthService } from './auth.service.ts';
import { createTokensService } from '../tokens/tokens.service.ts';

describe.each(testDialects)('auth housekeeping (%s)', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(() => database.destroy());

  it('prunes counters, codes and links a day past their use, keeping live ones', async () => {
    const clock = new TestClock();
    const auth = createAuthService({
      db: database.db,
      clock,
      mailer: new CapturingMailer(),
      secretKey: 'k'.repeat(40),
      appUrl: 'http://hustle.test',
      exposeDebugSecrets: true,
      emailSignIn: true,
      magicLinkCallbacks: { allowLocal: true, origins: [] },
      limits: { ipCodeRequestsPer10Min: 100, ipFailuresPer10Min: 100 },
      signUp: { policy: { mode: 'open' }, isInviteLive: async () => false },
      onUserCreated: async () => undefined,
      tokens: createTokensService({ db: database.db, dialect: database.dialect, clock }),
    });
    await auth.requestCode('old@example.com', '10.0.0.1');
    await auth.requestMagicLink('old@example.com', undefined, '10.0.0.1');
    const spent = (id: string) => ({
      id,
      expires_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    await database.db.insertInto('spent_event_tickets').values(spent('old-ticket')).execute();
    clock.advance(2 * 86_400_000);
    await database.db.insertInto('spent_event_tickets').values(spent('live-ticket')).execute();
    await auth.requestCode('new@example.com', '10.0.0.1');
    await auth.pruneExpired();

    const emails = async (table: 'login_codes' | 'magic_links') =>
      (await database.db.selectFrom(table).select('email').execute()).map((row) => row.email);
    expect(await emails('login_codes')).toEqual(['new@example.com']);
    expect(await emails('magic_links')).toEqual([]);
    const tickets = await database.db.selectFrom('spent_event_tickets').select('id').execute();
    expect(tickets.map((row) => row.id)).toEqual(['live-ticket']);
    const events = await database.db.selectFrom('auth_events').select('created_at').execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.created_at).toBe(clock.now().toISOString());
  });
});
