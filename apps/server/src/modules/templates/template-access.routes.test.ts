import { type Document, MESSAGES } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { setPlan, templateClient } from '../../../test/templates.js';
import { documents } from '../../platform/db/schema.js';

let t: TestApp;
let owner: ReturnType<typeof templateClient>;
let stranger: ReturnType<typeof templateClient>;
let newUser: () => Promise<{ id: string; client: ReturnType<typeof templateClient> }>;
beforeAll(async () => {
  t = await createTestApp();
  const auth = authClient(t.app);
  newUser = async () => {
    const user = await auth.loggedInUser();
    return { id: user.id, client: templateClient(t.app, user.accessToken) };
  };
  const first = await newUser();
  const second = await newUser();
  await setPlan(t.app, first.id, 'business');
  await setPlan(t.app, second.id, 'business');
  owner = first.client;
  stranger = second.client;
});
afterAll(async () => {
  await t?.close();
});

const messageOf = (response: { json: <T>() => T }) => response.json<{ code: string; message: string }>();

describe("another account's template", () => {
  it('answers 404 on every route and is never listed', async () => {
    const template = await owner.live();
    const replica = await owner.ok<Document>(owner.replica(template.id));
    const ownTemplate = await stranger.live();
    const signers = [
      { name: 'Bob Stone', email: 'bob@example.com' },
      { name: 'Carol King', email: 'carol@example.com' },
    ];
    const calls = {
      patch: stranger.patch(replica.id, { title: 'Mine now' }),
      activate: stranger.activate(template.id),
      addToApi: stranger.addToApi(template.id),
      removeFromApi: stranger.removeFromApi(template.id),
      copy: stranger.copy(template.id),
      replica: stranger.replica(template.id),
      merge: stranger.merge(template.id, replica.id),
      mergeIntoOwn: stranger.merge(ownTemplate.id, replica.id),
      createDocument: stranger.createDocument(template.id, { signers }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const response = await call;
      expect([name, response.statusCode]).toEqual([name, 404]);
      expect(messageOf(response)).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.templateNotFound });
    }
    expect((await stranger.liveList()).some((option) => option.id === template.id)).toBe(false);
    const unchanged = (await owner.docs.get(template.id)).json<Document>();
    expect(unchanged.status).toBe('active');
    expect((await owner.docs.get(replica.id)).json<Document>().title).toBe(template.title);
  });

  it('answers 404 for a document that is not a template', async () => {
    const document = await owner.docs.create('others');
    expect((await owner.activate(document.id)).statusCode).toBe(404);
    expect((await owner.copy(document.id)).statusCode).toBe(404);
    expect((await owner.patch(document.id, { title: 'x' })).statusCode).toBe(404);
  });

  it('refuses a request without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/documents/templates', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('templates by plan', () => {
  it('gives the free plan none', async () => {
    const { client } = await newUser();
    const response = await client.create({ title: 'NDA' });
    expect(response.statusCode).toBe(403);
    expect(messageOf(response)).toEqual(
      expect.objectContaining({ code: 'QUOTA_EXCEEDED', message: MESSAGES.templatesNotInFreePlan }),
    );
  });

  it('gives the personal plan one: a second create or a duplicate is refused', async () => {
    const { id, client } = await newUser();
    await setPlan(t.app, id, 'personal');
    const first = await client.ok<Document>(client.create({ title: 'One' }));
    for (const response of [await client.create({ title: 'Two' }), await client.copy(first.id)]) {
      expect(response.statusCode).toBe(403);
      expect(messageOf(response)).toMatchObject({
        code: 'QUOTA_EXCEEDED',
        message: MESSAGES.templateLimitOfPersonalPlan,
      });
    }
    // A deleted template no longer counts.
    await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/documents',
      headers: client.docs.headers,
      payload: { ids: [first.id] },
    });
    expect((await client.create({ title: 'Again' })).statusCode).toBe(200);
  });

  it('does not count a template in the API slot, so removing it from the API needs room', async () => {
    const { id, client } = await newUser();
    await setPlan(t.app, id, 'personal');
    const live = await client.live();
    await client.ok(client.addToApi(live.id));
    const second = await client.ok<Document>(client.create({ title: 'Second' }));
    const refused = await client.removeFromApi(live.id);
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused).code).toBe('QUOTA_EXCEEDED');
    // A replica is an edit in progress, not a template of its own: it does not count either.
    expect((await client.replica(live.id)).statusCode).toBe(200);
    await t.app.platform.database.db
      .update(documents)
      .set({ deletedAt: new Date() })
      .where(eq(documents.id, second.id));
    expect((await client.ok<Document>(client.removeFromApi(live.id))).status).toBe('active');
  });

  it('gives the business plan no limit, and an operator can grant more on any plan', async () => {
    const { id, client } = await newUser();
    await setPlan(t.app, id, 'business');
    for (const title of ['A', 'B', 'C']) expect((await client.create({ title })).statusCode).toBe(200);
    const userOf = (client: ReturnType<typeof templateClient>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/user', headers: client.docs.headers });
    expect((await userOf(client)).json<{ templateLimit: number }>().templateLimit).toBe(-1);
    const granted = await newUser();
    await setPlan(t.app, granted.id, 'personal', 2);
    expect((await userOf(granted.client)).json<{ templateLimit: number }>().templateLimit).toBe(2);
    expect((await granted.client.create({ title: 'A' })).statusCode).toBe(200);
    expect((await granted.client.create({ title: 'B' })).statusCode).toBe(200);
    expect((await granted.client.create({ title: 'C' })).statusCode).toBe(403);
  });

  it('lets only one of two simultaneous creates take the last place', async () => {
    const { id, client } = await newUser();
    await setPlan(t.app, id, 'personal');
    const answers = await Promise.all([client.create({ title: 'A' }), client.create({ title: 'B' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
  });
});
