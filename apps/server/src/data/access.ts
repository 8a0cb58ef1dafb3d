import type { TeamRole } from '@esign/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { documents, users } from '../platform/db/schema.js';
import type { DocumentRow } from './documents.js';

/**
 * What the access policy's enforcement (`modules/access/enforce.ts`) reads: the live row asked about, with the
 * asking user's team and role in the same statement.
 */

/** The asking user's team and role, read in the same statement as the row asked about (`actorTeamColumns`). */
export interface ActorTeam {
  actorTeamId: string | null;
  actorTeamRole: TeamRole | null;
}

/** Columns of a select giving the asking user's team and role (one primary-key lookup each). */
export function actorTeamColumns(userId: string) {
  return {
    actorTeamId: sql<string | null>`(select ${users.teamId} from ${users} where ${users.id} = ${userId})`,
    actorTeamRole: sql<TeamRole | null>`(select ${users.teamRole} from ${users} where ${users.id} = ${userId})`,
  };
}

/** The live (not deleted) document or template row. */
export async function findLiveDocument(db: Db, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), isNull(documents.deletedAt)))
    .limit(1);
  return row;
}

/** The live document or template row with the asking user's team and role. */
export async function findLiveDocumentWithTeam(
  db: Db,
  id: string,
  userId: string,
): Promise<({ row: DocumentRow } & ActorTeam) | undefined> {
  const [found] = await db
    .select({ row: documents, ...actorTeamColumns(userId) })
    .from(documents)
    .where(and(eq(documents.id, id), isNull(documents.deletedAt)))
    .limit(1);
  return found;
}

/** The live rows among `ids`, each with the asking user's team and role. */
export async function listLiveDocumentsWithTeam(
  db: Db,
  ids: string[],
  userId: string,
): Promise<({ row: DocumentRow } & ActorTeam)[]> {
  return db
    .select({ row: documents, ...actorTeamColumns(userId) })
    .from(documents)
    .where(and(inArray(documents.id, ids), isNull(documents.deletedAt)));
}
