import { randomUUID } from 'node:crypto';
import { blankField, type Document, FIELD_KEYS, isFieldSigned } from '@esign/shared';
import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient } from '../../../test/documents.js';
import { documentFields, requisites } from '../../platform/db/schema.js';

let t: TestApp;
let owner: { id: string; accessToken: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await authClient(t.app).loggedInUser();
});
afterAll(async () => {
  await t?.close();
});

/** The columns of a field's row that are not the field's own: its document and when it was made. */
const ROW_ONLY_COLUMNS = ['documentId', 'createdAt'];

describe('document_fields and the field contract', () => {
  it('has a column for every key of the field, and none besides but its document and creation time', () => {
    const columns = Object.keys(getTableColumns(documentFields)).filter((key) => !ROW_ONLY_COLUMNS.includes(key));
    expect(columns.sort()).toEqual([...FIELD_KEYS].sort());
  });

  it('saves, changes and answers every key of a field', async () => {
    const docs = documentClient(t.app, owner.accessToken);
    const draft = await docs.createReady('me_and_other');
    const withSigners = await docs.patch(draft.id, { signers: [{ name: 'Bob', email: 'bob@example.com', order: 1 }] });
    const { signers } = withSigners.json<Document>();
    const preparer = signers.find((signer) => signer.isPreparer);
    const bob = signers.find((signer) => !signer.isPreparer);
    if (!preparer || !bob) throw new Error('signers not saved');
    const [saved] = await t.app.platform.database.db
      .insert(requisites)
      .values({ userId: owner.id, type: 'sign', valueType: 'text', text: 'Ada', fontFamily: 'dancingScript' })
      .returning({ id: requisites.id });

    // The same field saved twice, differing in every key but its id: a key the insert, the upsert or the answer
    // leaves out keeps its first value, or none.
    const first = blankField({
      id: randomUUID(),
      type: 'text',
      pageNumber: 1,
      coordinateX: 10.5,
      coordinateY: 20.25,
      width: 100,
      height: 30,
      signerId: bob.id,
      required: true,
      checked: false,
      text: 'First',
      placeholder: 'Type here',
      dateFormat: 'MM/DD/YYYY',
      fontFamily: 'arial',
      fontSize: 12,
      requisiteId: null,
      settings: { name: 'first', minLength: 2 },
    });
    const second = blankField({
      id: first.id,
      type: 'date',
      pageNumber: 2,
      coordinateX: 30,
      coordinateY: 40.5,
      width: 120,
      height: 35,
      signerId: preparer.id,
      required: false,
      checked: true,
      text: '05/06/2030',
      placeholder: 'Today',
      dateFormat: 'DD/MM/YY',
      fontFamily: 'roboto',
      fontSize: 20,
      requisiteId: saved?.id ?? null,
      settings: null,
    });
    for (const key of FIELD_KEYS.filter((name) => name !== 'id')) {
      expect(second[key], `the fields must differ in ${key}`).not.toEqual(first[key]);
    }

    for (const field of [first, second]) {
      const response = await docs.patch(draft.id, { fields: [field] });
      expect(response.statusCode, response.body).toBe(200);
      const expected = [{ ...field, signed: isFieldSigned(field) }];
      expect(response.json<Document>().fields).toEqual(expected);
      expect((await docs.get(draft.id)).json<Document>().fields).toEqual(expected);
    }
  });
});
