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

/** What is asked about: a document or template, by its owner and the owner's team. */
export interface Resource {
  kind: 'document' | 'template';
  id: string;
  ownerId: string;
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
  /** Sign it through a link. */
  'document.sign': ['signer'],
  /** See a live template in the pickers and make documents (or a bulk send) from it: teammates' templates too. */
  'template.use': WHOLE_TEAM,
  /** Open, edit, rename, duplicate, put in or out of the API, delete: 'only a template's owner sees its row actions'. */
  'template.manage': OWNER_ONLY,
} as const satisfies Record<string, readonly Relation[]>;
export type Action = keyof typeof POLICY;
export const ACTIONS = Object.keys(POLICY) as Action[];

/** The actor's relation to the resource. */
export function relationOf(actor: Actor, resource: Resource): Relation {
  if (actor.kind === 'signer') return actor.documentId === resource.id ? 'signer' : 'stranger';
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
  return (POLICY[actionOn(action, resource)] as readonly Relation[]).includes(relationOf(actor, resource));
}

/** The action that shows a resource of each kind: an actor allowed neither it nor the action asked gets 404. */
const SEE: Record<Resource['kind'], Action> = { document: 'document.view', template: 'template.use' };

/**
 * The answer to an actor asking for an action: 'allowed'; 'forbidden' (403) when the actor may see the resource but
 * not do this; 'hidden' (404, as for a resource that does not exist) otherwise.
 */
export function decide(actor: Actor, action: Action, resource: Resource): 'allowed' | 'forbidden' | 'hidden' {
  if (can(actor, action, resource)) return 'allowed';
  return can(actor, SEE[resource.kind], resource) ? 'forbidden' : 'hidden';
}
