import type { DocumentListResponse } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { documentFactory } from '../../../test/document-factory.js';
import { teamClient } from '../../../test/teams.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const awaitingDocument = (userId: string, title: string) =>
  documentFactory(t.app).create(userId, {
    title,
    status: 'awaiting',
    signers: [{ name: 'Sam Signer', email: 'sam@example.com' }],
  });

describe("a team's documents through the one access policy", () => {
  it("shows the owner and admins the team's list ('Team'), a user only their own, another team nothing", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(2, 1);
    const [admin, user] = members;
    if (!admin || !user) throw new Error('team not made');
    const usersDocument = await awaitingDocument(user.id, 'Made by the user');
    const ownersDocument = await awaitingDocument(owner.id, 'Made by the owner');
    const foreign = await team(1, 1);

    for (const viewer of [owner, admin]) {
      const list = (await call(viewer, 'GET', '/documents?scope=team')).json<DocumentListResponse>();
      expect(list.items.map((item) => item.id).sort()).toEqual([usersDocument.id, ownersDocument.id].sort());
      expect(list.totalItems).toBe(2);
    }
    const mine = (await call(admin, 'GET', '/documents')).json<DocumentListResponse>();
    expect(mine.totalItems).toBe(0);
    expect((await call(user, 'GET', '/documents?scope=team')).statusCode).toBe(403);
    const foreignList = (await call(foreign.owner, 'GET', '/documents?scope=team')).json<DocumentListResponse>();
    expect(foreignList.items.map((item) => item.id)).not.toContain(usersDocument.id);

    // The list's cache follows every member's change: a new document of the user shows at once.
    const later = await awaitingDocument(user.id, 'Later');
    const after = (await call(admin, 'GET', '/documents?scope=team')).json<DocumentListResponse>();
    expect(after.items.map((item) => item.id)).toContain(later.id);
  });

  it("lets the owner and admins copy a teammate's signing link; a user and another team's admin get 404", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(2, 1);
    const [admin, user] = members;
    const foreign = await team(1, 1);
    const foreignAdmin = foreign.members[0];
    if (!admin || !user || !foreignAdmin) throw new Error('team not made');
    const document = await awaitingDocument(user.id, 'Needs a link');
    const [signer] = document.signers;
    const url = `/document_sign/documents/${document.id}/signing_url?userId=${signer?.id}`;
    for (const viewer of [owner, admin, user]) {
      const answer = await call(viewer, 'GET', url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().signingUrl).toContain('/sign');
    }
    const ownersDocument = await awaitingDocument(owner.id, 'The owner’s');
    const ownersSigner = ownersDocument.signers[0];
    const userAsks = await call(
      user,
      'GET',
      `/document_sign/documents/${ownersDocument.id}/signing_url?userId=${ownersSigner?.id}`,
    );
    expect(userAsks.statusCode).toBe(404);
    expect((await call(foreignAdmin, 'GET', url)).statusCode).toBe(404);
    // Seeing is not managing: an admin cannot delete a teammate's document.
    const deleted = await call(admin, 'DELETE', '/documents', { ids: [document.id] });
    expect(deleted.statusCode).toBe(404);
  });

  it("offers teammates' live templates in the pickers, and only with withTeammateTemplates", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(1);
    const [user] = members;
    if (!user) throw new Error('team not made');
    const template = await documentFactory(t.app).create(owner.id, {
      type: 'template',
      status: 'active',
      title: 'Team NDA',
    });
    const picked = (await call(user, 'GET', '/documents/all/templates?withTeammateTemplates=true')).json();
    expect(picked.map((row: { id: string }) => row.id)).toContain(template.id);
    const own = (await call(user, 'GET', '/documents/all/templates')).json();
    expect(own.map((row: { id: string }) => row.id)).not.toContain(template.id);
  });
});

describe("the owner's settings", () => {
  it("answers a team's admin and user 404 for billing calls, and the owner the call itself", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(2, 1);
    for (const member of members) {
      expect((await call(member, 'GET', '/subscriptions')).statusCode).toBe(404);
      expect((await call(member, 'GET', '/credit-card')).statusCode).toBe(404);
      expect((await call(member, 'POST', '/plans/change', { type: 'free', duration: 'monthly' })).statusCode).toBe(404);
    }
    expect((await call(owner, 'GET', '/subscriptions')).statusCode).toBe(200);
  });
});
