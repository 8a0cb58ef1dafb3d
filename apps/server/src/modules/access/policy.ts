/**
 * The one access policy (spec part 2, section 6): who may do what to a document or a template, written once as a
 * table. Every service asks it first, through `enforce.ts`; nothing else compares owner ids.
 *
 * An actor's relation to a resource is one of RELATIONS, and each action lists the relations it allows. A relation
 * that may not even see the resource gets 404 from the services (another team's user, a stranger); one that sees it
 * but may not do this gets 403. Teams add the team relations' rows (users.team_id and the member's role); until
 * then a user is only ever a resource's owner or a stranger.
 */
export const RELATIONS = ['owner', 'teamOwner', 'teamAdmin', 'teamUser', 'signer', 'stranger'] as const;
export type Relation = (typeof RELATIONS)[number];

export type TeamRole = 'owner' | 'admin' | 'user';

/** Who is asking: a logged-in user (with their team, if any) or a signing link's signer. API keys come later. */
export type Actor =
  | { kind: 'user'; userId: string; teamId: string | null; teamRole: TeamRole | null }
  | { kind: 'signer'; documentId: string; signerId: string };

/**
 * What is asked about, by its owner and the owner's team: a document or template; an account (its owner-only
 * settings and its team: `ownerId` is null for a team's account, whose owner is the member with the role 'owner');
 * a member or pending invitation of a team (`ownerId` is that person's id); one user's own API key, webhook or
 * bulk-send batch; or a saved signature, whose owner is a user or the signer of a signing link.
 */
export interface Resource {
  kind: 'document' | 'template' | 'account' | 'teamMember' | 'apiKey' | 'webhook' | 'bulkSend' | 'requisite';
  id: string;
  ownerId: string | null;
  teamId: string | null;
}

const OWNER_ONLY: readonly Relation[] = ['owner'];
const OWNER_AND_TEAM_ADMINS: readonly Relation[] = ['owner', 'teamOwner', 'teamAdmin'];
const WHOLE_TEAM: readonly Relation[] = ['owner', 'teamOwner', 'teamAdmin', 'teamUser'];

export const POLICY = {
  /** Open it, its files, activity and conversion progress. */
  'document.view': OWNER_AND_TEAM_ADMINS,
  /** Change a draft (title, signers, files, fields), send it, revert it, rename, remind, share, delete. */
  'document.manage': OWNER_ONLY,
  /** Make and copy a signer's link ('owner, admin or document owner may generate a signing link'). */
  'document.signingLink': OWNER_AND_TEAM_ADMINS,
  /** See the pictures of its signers who have accounts (the editor and the preview): the owner's alone. */
  'document.signerAvatars': OWNER_ONLY,
  /** Set or release its legal hold (issue 39): nothing removes a held document (retention, erasure). */
  'document.legalHold': OWNER_AND_TEAM_ADMINS,
  /**
   * Act on it through a link: sign, or approve / reject / acknowledge viewing (issue 36); which of them, the
   * recipient's role says (`signing/recipient-actions.service.ts`, `recipient-steps.ts` of packages/shared).
   */
  'document.sign': ['signer'],
  /** See a live template in the pickers and make documents (or a bulk send) from it: teammates' templates too. */
  'template.use': WHOLE_TEAM,
  /** Open, edit, rename, duplicate, put in or out of the API, delete: 'only a template's owner sees its row actions'. */
  'template.manage': OWNER_ONLY,
  /**
   * The account's owner-only settings (company, API, request history, billing, plan; `auth: 'accountOwner'`): an
   * account alone, or the team's owner. Anyone else gets 404 ('Oops! You don't have access.' page).
   */
  'account.settings': ['owner', 'teamOwner'],
  /** Invite people to the account's team (the owner's plan must be Business besides: teams.service). */
  'team.invite': ['owner', 'teamOwner', 'teamAdmin'],
  /** Make a member an admin or a user: the team's owner, never of their own row. */
  'team.changeRole': ['teamOwner'],
  /** Remove a member whose role is user, or a pending invitation: the owner and admins, never their own row. */
  'team.removeUser': ['teamOwner', 'teamAdmin'],
  /** Remove an admin: the team's owner. */
  'team.removeAdmin': ['teamOwner'],
  /** The team's owner is never removed. */
  'team.removeOwner': [],
  /** See, change, revoke or delete an API key, and read its history: its owner's alone. */
  'apiKey.manage': OWNER_ONLY,
  /** See, change or delete a webhook subscription and its deliveries: its owner's alone (an API key acts as them). */
  'webhook.manage': OWNER_ONLY,
  /** See a bulk send's rows and send its failed rows again: the owner's who made it alone. */
  'bulkSend.manage': OWNER_ONLY,
  /**
   * Use, change or delete a saved signature or initials: its owner's alone, a user's or a signing link's signer's
   * (who owns what they saved through their link).
   */
  'requisite.manage': OWNER_ONLY,
} as const satisfies Record<string, readonly Relation[]>;
export type Action = keyof typeof POLICY;
export const ACTIONS = Object.keys(POLICY) as Action[];

const DOCUMENTS: readonly Resource['kind'][] = ['document', 'template'];
/** The kinds of resource each action is asked of; asked of any other kind, it is allowed to nobody. */
const KINDS_OF: Record<Action, readonly Resource['kind'][]> = {
  'document.view': DOCUMENTS,
  'document.manage': DOCUMENTS,
  'document.signingLink': DOCUMENTS,
  'document.signerAvatars': DOCUMENTS,
  'document.legalHold': DOCUMENTS,
  'document.sign': DOCUMENTS,
  'template.use': DOCUMENTS,
  'template.manage': DOCUMENTS,
  'account.settings': ['account'],
  'team.invite': ['account'],
  'team.changeRole': ['teamMember'],
  // Asked of the account first (may this person remove anyone), then of each member removed.
  'team.removeUser': ['account', 'teamMember'],
  'team.removeAdmin': ['teamMember'],
  'team.removeOwner': ['teamMember'],
  'apiKey.manage': ['apiKey'],
  'webhook.manage': ['webhook'],
  'bulkSend.manage': ['bulkSend'],
  'requisite.manage': ['requisite'],
};

/** The actor's relation to the resource. */
export function relationOf(actor: Actor, resource: Resource): Relation {
  if (actor.kind === 'signer') {
    if (resource.kind === 'requisite') return resource.ownerId === actor.signerId ? 'owner' : 'stranger';
    return DOCUMENTS.includes(resource.kind) && actor.documentId === resource.id ? 'signer' : 'stranger';
  }
  if (actor.userId === resource.ownerId) return 'owner';
  if (actor.teamId === null || actor.teamId !== resource.teamId || actor.teamRole === null) return 'stranger';
  return actor.teamRole === 'owner' ? 'teamOwner' : actor.teamRole === 'admin' ? 'teamAdmin' : 'teamUser';
}

/**
 * The action as it applies to the resource's kind: a template (or form) is its owner's, so any document action
 * asked of one (opening it through `GET documents/{id}`, its files, its conversion) is `template.manage`.
 */
export function actionOn(action: Action, resource: Resource): Action {
  return resource.kind === 'template' && action.startsWith('document.') ? 'template.manage' : action;
}

export function can(actor: Actor, action: Action, resource: Resource): boolean {
  if (!KINDS_OF[action].includes(resource.kind)) return false;
  return (POLICY[actionOn(action, resource)] as readonly Relation[]).includes(relationOf(actor, resource));
}

/**
 * The action that shows a resource of each kind: an actor allowed neither it nor the action asked gets 404. An
 * account's, a team member's, a key's or a webhook's actions are each their own: what may not be done is not shown.
 */
const SEE: Record<Resource['kind'], Action | undefined> = {
  document: 'document.view',
  template: 'template.use',
  account: undefined,
  teamMember: undefined,
  apiKey: 'apiKey.manage',
  webhook: 'webhook.manage',
  bulkSend: 'bulkSend.manage',
  requisite: 'requisite.manage',
};

/** The account a user belongs to: their own, or their team's. */
export function accountOf(user: { id: string; teamId: string | null }): Resource {
  return user.teamId === null
    ? { kind: 'account', id: user.id, ownerId: user.id, teamId: null }
    : { kind: 'account', id: user.teamId, ownerId: null, teamId: user.teamId };
}

/** A member (or a pending invitation, by its id) of a team. */
export function teamMemberOf(member: { id: string }, teamId: string): Resource {
  return { kind: 'teamMember', id: member.id, ownerId: member.id, teamId };
}

/** One user's own thing (an API key, a webhook subscription, a bulk send): nobody else's, a team's neither. */
export function ownedBy(kind: 'apiKey' | 'webhook' | 'bulkSend', row: { id: string; userId: string }): Resource {
  return { kind, id: row.id, ownerId: row.userId, teamId: null };
}

/** A saved signature or initials: its user's, or (saved through a signing link) that link's signer's. */
export function requisiteOf(row: { id: string; userId: string | null; signerId: string | null }): Resource {
  return { kind: 'requisite', id: row.id, ownerId: row.userId ?? row.signerId, teamId: null };
}

/**
 * The answer to an actor asking for an action: 'allowed'; 'forbidden' (403) when the actor may see the resource but
 * not do this; 'hidden' (404, as for a resource that does not exist) otherwise.
 */
export function decide(actor: Actor, action: Action, resource: Resource): 'allowed' | 'forbidden' | 'hidden' {
  if (can(actor, action, resource)) return 'allowed';
  const see = SEE[resource.kind];
  return see !== undefined && can(actor, see, resource) ? 'forbidden' : 'hidden';
}
