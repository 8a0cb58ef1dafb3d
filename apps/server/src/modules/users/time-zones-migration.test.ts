import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { timeZoneOffsetMinutes, type User } from '@esign/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { sessionCall } from '../../../test/assets.js';
import { authClient } from '../../../test/auth.js';
import { users } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The migration that turned the stored offsets into zone names (it changes only rows that still hold an offset). */
const migration = readFileSync(join(import.meta.dirname, '../../../drizzle/0030_time_zones_by_name.sql'), 'utf8');

/** The spec's old list: whole hours from -12 to +12 and the half and quarter hours it named. */
const OLD_OFFSETS = [...Array.from({ length: 25 }, (_, index) => (index - 12) * 60), 210, 270, 330, 345, 570];
const offsetText = (minutes: number) => {
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hours}:${String(absolute % 60).padStart(2, '0')}`;
};

describe('the migration of the old time zones', () => {
  it("maps every old offset to a zone of that offset all year, so an existing user's dates keep their meaning", async () => {
    // The cause of the change: an offset has no daylight saving. A stored offset must still read as it did.
    const user = await authClient(t.app).loggedInUser();
    const db = t.app.platform.database.db;
    for (const minutes of OLD_OFFSETS) {
      await db
        .update(users)
        .set({ timezone: offsetText(minutes) })
        .where(eq(users.id, user.id));
      await db.execute(sql.raw(migration));
      const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, user.id));
      const zone = row?.timezone ?? '';
      expect(zone, offsetText(minutes)).not.toMatch(/^[+-]/);
      expect(timeZoneOffsetMinutes(zone, new Date('2027-01-15T12:00:00Z')), zone).toBe(minutes);
      expect(timeZoneOffsetMinutes(zone, new Date('2027-07-15T12:00:00Z')), zone).toBe(minutes);
    }
    // The profile answers the zone of the last one, +09:30.
    const read = (await sessionCall(t.app)(user, 'GET', '/user')).json<User>();
    expect(read.timezone).toBe('Australia/Darwin');
  });

  it('leaves zone names and users without a zone alone', async () => {
    const db = t.app.platform.database.db;
    const named = await authClient(t.app).loggedInUser();
    const none = await authClient(t.app).loggedInUser();
    await db.update(users).set({ timezone: 'America/New_York' }).where(eq(users.id, named.id));
    await db.execute(sql.raw(migration));
    const rows = await db.select({ id: users.id, timezone: users.timezone }).from(users);
    expect(rows.find((row) => row.id === named.id)?.timezone).toBe('America/New_York');
    expect(rows.find((row) => row.id === none.id)?.timezone).toBeNull();
  });
});
