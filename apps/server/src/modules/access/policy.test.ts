import { describe, expect, it } from 'vitest';
import { ACTIONS, type Action, type Actor, can, decide, type Relation, type Resource, relationOf } from './policy.js';

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
    'template.use',
    'template.manage',
  ],
  teamOwner: ['document.view', 'document.signingLink', 'template.use'],
  teamAdmin: ['document.view', 'document.signingLink', 'template.use'],
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
