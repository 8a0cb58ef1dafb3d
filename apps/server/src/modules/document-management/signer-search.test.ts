import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentFactory } from '../../../test/document-factory.js';
import { documents, signers } from '../../platform/db/schema.js';

let t: TestApp;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await authClient(t.app).loggedInUser()).id;
});
afterAll(async () => {
  await t?.close();
});

describe('documents.signer_search, kept by the triggers on signers (drizzle/0019_search.sql)', () => {
  const searchText = async (documentId: string) => {
    const [row] = await t.app.platform.database.db
      .select({ text: documents.signerSearch })
      .from(documents)
      .where(eq(documents.id, documentId));
    return row?.text;
  };

  it('holds every signer name and e-mail, follows their changes and empties when they go', async () => {
    const db = t.app.platform.database.db;
    const document = await documentFactory(t.app).create(ownerId, {
      signers: [
        { name: 'Ana Lima', email: 'ana@example.com' },
        { name: 'Bo Chen', email: 'bo@example.com' },
      ],
    });
    expect(await searchText(document.id)).toBe('Ana Lima\nana@example.com\nBo Chen\nbo@example.com');

    await db.update(signers).set({ name: 'Ana Souza' }).where(eq(signers.email, 'ana@example.com'));
    expect(await searchText(document.id)).toBe('Ana Souza\nana@example.com\nBo Chen\nbo@example.com');

    await db.delete(signers).where(eq(signers.email, 'bo@example.com'));
    expect(await searchText(document.id)).toBe('Ana Souza\nana@example.com');

    await db.delete(signers).where(eq(signers.documentId, document.id));
    expect(await searchText(document.id)).toBe('');
  });

  it('moves with a signer that moves to another document', async () => {
    const db = t.app.platform.database.db;
    const factory = documentFactory(t.app);
    const from = await factory.create(ownerId, { signers: [{ name: 'Cy Moved', email: 'cy@example.com' }] });
    const to = await factory.create(ownerId, { signers: [] });
    await db.update(signers).set({ documentId: to.id }).where(eq(signers.documentId, from.id));
    expect(await searchText(from.id)).toBe('');
    expect(await searchText(to.id)).toBe('Cy Moved\ncy@example.com');
  });
});
