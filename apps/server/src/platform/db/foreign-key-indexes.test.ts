// Deleting 100,000 documents at once ran past 13 minutes (the retention benchmark's bare baseline): six foreign keys
// that point at a document (copies made from a template, signing tokens, bulk rows, form submissions) had no index
// on their column, so each deleted row scanned those tables whole, documents itself twice; and the signers and tokens
// going with a document did the same to fields, download links and codes. Every foreign key on that path has an
// index led by its column now.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('foreign keys', () => {
  it('that point at a document, a signer or a signing token are each led by an index of their own', async () => {
    const result = (await t.app.platform.database.db.execute(sql`
      select c.conrelid::regclass::text || '.' || a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and c.confrelid in ('documents'::regclass, 'signers'::regclass, 'signing_tokens'::regclass)
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1`)) as unknown as { rows: { column: string }[] };
    expect(result.rows).toEqual([]);
  });
});
