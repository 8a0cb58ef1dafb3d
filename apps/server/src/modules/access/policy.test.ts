import { canChangeTeamRole, canRemoveTeamRow } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  type Actor,
  accountOf,
  can,
  decide,
  ownedBy,
  type Relation,
  type Resource,
  relationOf,
  requisiteOf,
  teamMemberOf,
} from './policy.js';

const TEAM = 'team-1';
const document: Resource = { kind: 'document', id: 'doc-1', ownerId: 'owner-1', teamId: TEAM };
const template: Resource = { ...document, kind: 'template' };

/** An actor of each relation to `document`. */
const ACTORS: Record<Relation, Actor> = {
  owner: { kind: 'user', userId: 'owner-1', teamId: TEAM, teamRole: 'user' },
  teamOwner: { kind: 'user', userId: 'boss', teamId: TEAM, teamRole: 'owner' },
  teamAdmin: { kind: 'user', userId: 'admin', teamId: TEAM, teamRole: 'admin' },
  teamUser: { kind: 'user', userId: 'colleague', teamId: TEAM, teamRole: 'user' },
  signer: { kind: 'signer', documentId: 'doc-1', signerId: 'signer-1' },
  stranger: { kind: 'user', userId: 'someone', teamId: 'team-2', teamRole: 'owner' },
};

/** The table, written out: each relation's allowed actions. A change to the policy must change this too. */
const EXPECTED: Record<Relation, Action[]> = {
  owner: [
    'document.view',
    'document.manage',
    'document.signingLink',
    'document.signerAvatars',
    'document.legalHold',
    'template.use',
    'template.manage',
  ],
  teamOwner: ['document.view', 'document.signingLink', 'document.legalHold', 'template.use'],
  teamAdmin: ['document.view', 'document.signingLink', 'document.legalHold', 'template.use'],
  teamUser: ['template.use'],
  signer: ['document.sign'],
  stranger: [],
};

describe('the access policy', () => {
  it('finds each relation', () => {
    for (const [relation, actor] of Object.entries(ACTORS)) expect(relationOf(actor, document)).toBe(relation);
    // Without a team, or in another team, a user is a stranger; a signer is one of their own document only.
    expect(relationOf({ kind: 'user', userId: 'x', teamId: null, teamRole: null }, { ...document, teamId: null })).toBe(
      'stranger',
    );
    expect(relationOf({ kind: 'signer', documentId: 'doc-2', signerId: 's' }, document)).toBe('stranger');
  });

  it('allows every role exactly the actions of its row, and nothing to a stranger', () => {
    for (const [relation, actor] of Object.entries(ACTORS) as [Relation, Actor][]) {
      const allowed = ACTIONS.filter((action) => can(actor, action, document));
      expect(allowed, relation).toEqual(EXPECTED[relation]);
    }
  });

  it('hides from a stranger and from a teammate what they may not see (404), and refuses what they see but may not do (403)', () => {
    expect(decide(ACTORS.stranger, 'document.view', document)).toBe('hidden');
    expect(decide(ACTORS.stranger, 'template.use', template)).toBe('hidden');
    // A team's user does not see a teammate's documents, but uses their templates and cannot change them.
    expect(decide(ACTORS.teamUser, 'document.view', document)).toBe('hidden');
    expect(decide(ACTORS.teamUser, 'template.use', template)).toBe('allowed');
    expect(decide(ACTORS.teamUser, 'template.manage', template)).toBe('forbidden');
    expect(decide(ACTORS.teamAdmin, 'document.manage', document)).toBe('forbidden');
    expect(decide(ACTORS.teamAdmin, 'document.signingLink', document)).toBe('allowed');
    expect(decide(ACTORS.signer, 'document.manage', document)).toBe('hidden');
  });

  it("keeps a template's document actions its owner's: the team sees it (403), a stranger does not (404)", () => {
    // Cause: a document action asked of a template (GET documents/{id} asks `document.view`) followed the
    // documents' row, so a team's owner and admins opened a teammate's template or form with its prepared values.
    for (const action of ['document.view', 'document.manage', 'document.signingLink'] as const) {
      expect(decide(ACTORS.owner, action, template)).toBe('allowed');
      for (const relation of ['teamOwner', 'teamAdmin', 'teamUser'] as const) {
        expect(decide(ACTORS[relation], action, template), `${relation} ${action}`).toBe('forbidden');
      }
      expect(decide(ACTORS.stranger, action, template)).toBe('hidden');
    }
  });
});

describe("the policy's account, team, API key, webhook, bulk-send and saved-signature actions", () => {
  const account = accountOf({ id: 'owner-1', teamId: TEAM });
  const alone = accountOf({ id: 'owner-1', teamId: null });
  const member = (id: string) => teamMemberOf({ id }, TEAM);
  const ownKey = ownedBy('apiKey', { id: 'key-1', userId: 'owner-1' });
  const ownWebhook = ownedBy('webhook', { id: 'hook-1', userId: 'owner-1' });
  const ownBatch = ownedBy('bulkSend', { id: 'batch-1', userId: 'owner-1' });
  const usersRequisite = requisiteOf({ id: 'req-1', userId: 'owner-1', signerId: null });
  const signersRequisite = requisiteOf({ id: 'req-2', userId: null, signerId: 'signer-1' });
  const TEAM_ACTORS = { teamOwner: ACTORS.teamOwner, teamAdmin: ACTORS.teamAdmin, teamUser: ACTORS.teamUser };

  /** Each actor's answers, written out: [account.settings, team.invite, team.removeUser on the account]. */
  it('lets an account alone and a team owner run the settings; owners and admins invite and remove', () => {
    const answers = (actor: Actor, resource: Resource) =>
      (['account.settings', 'team.invite', 'team.removeUser'] as const).map((action) => can(actor, action, resource));
    expect(answers({ kind: 'user', userId: 'owner-1', teamId: null, teamRole: null }, alone)).toEqual([
      true,
      true,
      false,
    ]);
    expect(answers(ACTORS.teamOwner, account)).toEqual([true, true, true]);
    expect(answers(ACTORS.teamAdmin, account)).toEqual([false, true, true]);
    expect(answers(ACTORS.teamUser, account)).toEqual([false, false, false]);
    expect(answers(ACTORS.stranger, account)).toEqual([false, false, false]);
    expect(answers(ACTORS.signer, alone)).toEqual([false, false, false]);
  });

  it('answers the team rules the browser shows (packages/shared team-rules), for every viewer and row', () => {
    const ROW_ACTION = { user: 'team.removeUser', admin: 'team.removeAdmin', owner: 'team.removeOwner' } as const;
    for (const [relation, actor] of Object.entries(TEAM_ACTORS)) {
      if (actor.kind !== 'user') continue;
      const viewer = { id: actor.userId, teamId: TEAM, role: actor.teamRole };
      // The rows a team has: the viewer's own (with the viewer's role), the one owner, admins and users.
      const others = (['owner', 'admin', 'user'] as const).filter(
        (role) => role !== 'owner' || viewer.role !== 'owner',
      );
      const rows = [
        { id: actor.userId, role: viewer.role ?? 'user' },
        ...others.map((role) => ({ id: `other-${role}`, role })),
      ];
      for (const row of rows) {
        const label = `${relation} on ${row.role} ${row.id}`;
        expect(can(actor, ROW_ACTION[row.role], member(row.id)), label).toBe(canRemoveTeamRow(viewer, row));
        expect(can(actor, 'team.changeRole', member(row.id)), label).toBe(canChangeTeamRole(viewer, row));
      }
    }
  });

  it("keeps an API key, a webhook, a bulk send and a saved signature their owner's: anyone else, a teammate too, does not see them (404)", () => {
    for (const [resource, action] of [
      [ownKey, 'apiKey.manage'],
      [ownWebhook, 'webhook.manage'],
      [ownBatch, 'bulkSend.manage'],
      [usersRequisite, 'requisite.manage'],
    ] as const) {
      expect(decide(ACTORS.owner, action, resource)).toBe('allowed');
      for (const relation of ['teamOwner', 'teamAdmin', 'teamUser', 'signer', 'stranger'] as const) {
        expect(decide(ACTORS[relation], action, resource), `${relation} ${action}`).toBe('hidden');
      }
    }
  });

  it("keeps a saved signature made through a signing link its signer's: not the document's other signers, nor its owner", () => {
    expect(decide(ACTORS.signer, 'requisite.manage', signersRequisite)).toBe('allowed');
    const otherSigner: Actor = { kind: 'signer', documentId: 'doc-1', signerId: 'signer-2' };
    expect(decide(otherSigner, 'requisite.manage', signersRequisite)).toBe('hidden');
    expect(decide(ACTORS.owner, 'requisite.manage', signersRequisite)).toBe('hidden');
    // A signer's link never reaches the saved signatures of a user, the document's owner included.
    expect(decide(ACTORS.signer, 'requisite.manage', usersRequisite)).toBe('hidden');
  });

  it('allows an action asked of another kind of resource to nobody', () => {
    for (const actor of Object.values(ACTORS)) {
      expect(can(actor, 'document.view', account)).toBe(false);
      expect(can(actor, 'account.settings', document)).toBe(false);
      expect(can(actor, 'apiKey.manage', ownWebhook)).toBe(false);
      expect(can(actor, 'bulkSend.manage', ownKey)).toBe(false);
      expect(can(actor, 'requisite.manage', ownBatch)).toBe(false);
      expect(can(actor, 'team.changeRole', account)).toBe(false);
    }
  });
});
