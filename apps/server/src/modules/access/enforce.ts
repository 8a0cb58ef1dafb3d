import { type DocumentType, MESSAGES } from '@esign/shared';
import type { FastifyRequest } from 'fastify';
import {
  type ActorTeam,
  findLiveDocument,
  findLiveDocumentWithTeam,
  listLiveDocumentsWithTeam,
} from '../../data/access.js';
import type { DocumentRow } from '../../data/documents.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { currentUser } from '../../platform/http/authenticate.js';
import { type Action, type Actor, accountOf, can, decide, type Resource } from './policy.js';

/**
 * A logged-in user as the policy's actor. Without `team` the user is taken as alone: `authorize` and `findVisible`
 * read the team themselves; a caller that reads the row itself adds `actorTeamColumns` to its query.
 */
export function userActor(userId: string, team?: ActorTeam): Actor {
  return { kind: 'user', userId, teamId: team?.actorTeamId ?? null, teamRole: team?.actorTeamRole ?? null };
}

/** The actor with its team read along with the row, when it is a user. */
function withTeam(actor: Actor, team: ActorTeam | undefined): Actor {
  return actor.kind === 'user' && team ? userActor(actor.userId, team) : actor;
}

const NOT_FOUND = {
  document: MESSAGES.documentNotFound,
  template: MESSAGES.templateNotFound,
  form: MESSAGES.formNotFound,
} as const;

/** The document types each asked kind takes: a form is a template (of type form_request) to the templates' calls. */
const TYPES_OF_KIND: Record<Exclude<keyof typeof NOT_FOUND, 'document'>, readonly DocumentType[]> = {
  template: ['template', 'form_request'],
  form: ['form_request'],
};
const TEMPLATE_TYPES: readonly DocumentType[] = TYPES_OF_KIND.template;

/** The live (not deleted) document or template row, with the asking user's team when the actor is a user. */
async function findLiveRow(db: Db, id: string, actor: Actor): Promise<{ row: DocumentRow; actor: Actor } | undefined> {
  if (actor.kind !== 'user') {
    const row = await findLiveDocument(db, id);
    return row && { row, actor };
  }
  const found = await findLiveDocumentWithTeam(db, id, actor.userId);
  return found && { row: found.row, actor: withTeam(actor, found) };
}

type PolicyRow = Pick<DocumentRow, 'id' | 'userId' | 'type' | 'teamId'>;
interface Ask {
  actor: Actor;
  action: Action;
  /**
   * 'template' asks for a template or a form, 'form' for a form alone: any other document answers 404 too; without
   * it any kind is taken.
   */
  kind?: keyof typeof NOT_FOUND;
}

/**
 * The policy asked about a live row the caller has already read (with what it needs besides, in one query): the
 * row when the actor may do `action` to it. Otherwise 404 with 'Document not found' / 'Template not found' (a
 * resource the actor may not see, or no row), or 403 'Oops! You don't have access.' (one they see but may not do
 * this to).
 */
export function allowOn<Row extends PolicyRow>(row: Row | undefined, ask: Ask): Row {
  const kind = ask.kind ?? 'document';
  const isKind =
    row !== undefined && (ask.kind === undefined || kind === 'document' || TYPES_OF_KIND[kind].includes(row.type));
  const decision = isKind ? decide(ask.actor, ask.action, resourceOf(row)) : 'hidden';
  if (decision === 'hidden' || !row) throw new AppError('NOT_FOUND', NOT_FOUND[kind]);
  if (decision === 'forbidden') throw new AppError('FORBIDDEN', MESSAGES.noAccess);
  return row;
}

/**
 * The first line of every call on one document or template: the live (not deleted) row, when the policy lets the
 * actor do `action` to it; otherwise 404 or 403 as `allowOn` answers.
 */
export async function authorize(db: Db, params: Ask & { id: string }): Promise<DocumentRow> {
  const found = await findLiveRow(db, params.id, params.actor);
  return allowOn(found?.row, { ...params, actor: found?.actor ?? params.actor });
}

export function resourceOf(row: PolicyRow): Resource {
  return {
    kind: TEMPLATE_TYPES.includes(row.type) ? 'template' : 'document',
    id: row.id,
    ownerId: row.userId,
    teamId: row.teamId,
  };
}

/** The live rows among `ids` the policy lets the user do `action` to (the others are left out, as if absent). */
export async function listAllowed(
  db: Db,
  params: { userId: string; action: Action; ids: string[] },
): Promise<DocumentRow[]> {
  if (params.ids.length === 0) return [];
  const found = await listLiveDocumentsWithTeam(db, params.ids, params.userId);
  return found
    .filter((item) => decide(userActor(params.userId, item), params.action, resourceOf(item.row)) === 'allowed')
    .map((item) => item.row);
}

/** The live document or template if the actor may see it (a document's view, a template's use), else undefined. */
export async function findVisible(db: Db, params: { actor: Actor; id: string }): Promise<DocumentRow | undefined> {
  const found = await findLiveRow(db, params.id, params.actor);
  if (!found) return undefined;
  const resource = resourceOf(found.row);
  const see = resource.kind === 'template' ? 'template.use' : 'document.view';
  return decide(found.actor, see, resource) === 'allowed' ? found.row : undefined;
}

/** A logged-in user as the policy's actor, with the team and role on their row. */
export function memberActor(user: { id: string; teamId: string | null; teamRole: ActorTeam['actorTeamRole'] }): Actor {
  return userActor(user.id, { actorTeamId: user.teamId, actorTeamRole: user.teamRole });
}

/**
 * The pre-handler of `auth: 'accountOwner'` routes (after `requireUser`): the policy's `account.settings` on the
 * caller's account, else 404 ('Oops! You don't have access.' page).
 */
export async function requireAccountOwner(request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  if (!can(memberActor(user), 'account.settings', accountOf(user))) throw new AppError('NOT_FOUND', MESSAGES.notFound);
}
