import { API_KEY_PREFIXES, type ApiKeyMode, type apiListQuery, MESSAGES, pageAnswer } from '@esign/shared';
import type { z } from 'zod';
import * as repo from '../../data/api-keys.js';
import { findUserById } from '../../data/users.js';
import { hashToken, randomToken } from '../../platform/crypto/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { can, ownedBy, userActor } from '../access/index.js';

/** Characters of the key shown in the table after its mode prefix ('esk_live_AbCd'). */
const SHOWN_CHARS = 4;

const keyNotFound = () => new AppError('NOT_FOUND', MESSAGES.apiKeyNotFound);

/** A new key's value: its mode's prefix and 256 random bits (URL-safe). */
export function newKeyValue(mode: ApiKeyMode): string {
  return `${API_KEY_PREFIXES[mode]}${randomToken()}`;
}

export function toApiKeyItem(row: repo.ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    mode: row.mode,
    createdAt: row.createdAt.toISOString(),
    requests: row.requests,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    allowedOrigins: row.allowedOrigins,
  };
}

type ListQuery = z.output<typeof apiListQuery>;

/** A list query's rows to read. */
function window(query: ListQuery) {
  return { limit: query.limit, offset: (query.page - 1) * query.limit, direction: query.orderingDirection };
}

/**
 * API keys (spec part 2, sections 4 and 7): the account owner's keys and their history. Every call reads only the
 * caller's own keys: another account's key is 404. The value is answered once by `create`; its SHA-256 is kept.
 */
export function apiKeyService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  async function ownKey(userId: string, id: string) {
    const row = await repo.findKey(db, id);
    if (!row || !can(userActor(userId), 'apiKey.manage', ownedBy('apiKey', row))) throw keyNotFound();
    return row;
  }

  return {
    async list(input: { userId: string; query: ListQuery }) {
      const { rows, total } = await repo.listKeys(db, { userId: input.userId, ...window(input.query) });
      return pageAnswer(rows.map(toApiKeyItem), total, input.query);
    },

    async get(input: { userId: string; id: string }) {
      return toApiKeyItem(await ownKey(input.userId, input.id));
    },

    /** POST api_keys/create: only once the account's API flag is set (an API plan chosen, the free one included). */
    async create(input: { userId: string; name: string; mode: ApiKeyMode; allowedOrigins: string[] }) {
      const user = await findUserById(db, input.userId);
      if (!user) throw keyNotFound();
      if (!user.isApiEnabled) throw new AppError('FORBIDDEN', MESSAGES.apiPlanNeeded);
      const key = newKeyValue(input.mode);
      const row = await repo.insertApiKey(db, {
        userId: input.userId,
        name: input.name.trim(),
        prefix: key.slice(0, API_KEY_PREFIXES[input.mode].length + SHOWN_CHARS),
        keyHash: hashToken(key),
        mode: input.mode,
        allowedOrigins: [...new Set(input.allowedOrigins)],
      });
      return { apiKey: toApiKeyItem(row), key };
    },

    async updateOrigins(input: { userId: string; id: string; allowedOrigins: string[] }) {
      const row = await repo.updateOrigins(db, { ...input, allowedOrigins: [...new Set(input.allowedOrigins)] });
      if (!row) throw keyNotFound();
      return toApiKeyItem(row);
    },

    async revoke(input: { userId: string; id: string }) {
      await ownKey(input.userId, input.id);
      await repo.setRevoked(db, { ...input, at: deps.now() });
      return { message: MESSAGES.apiKeyRevoked };
    },

    async recover(input: { userId: string; id: string }) {
      await ownKey(input.userId, input.id);
      await repo.setRevoked(db, { ...input, at: null });
      return { message: MESSAGES.apiKeyRecovered };
    },

    /** DELETE api_keys/{id} and DELETE api_keys {ids}: one id that is not the caller's refuses them all. */
    async delete(input: { userId: string; ids: string[] }) {
      const ids = [...new Set(input.ids)];
      await db.transaction(async (tx) => {
        if ((await repo.deleteKeys(tx, { userId: input.userId, ids })) !== ids.length) throw keyNotFound();
      });
      return { message: MESSAGES.apiKeyDeleted };
    },

    async history(input: { userId: string; id: string; query: ListQuery }) {
      const key = await ownKey(input.userId, input.id);
      const { rows, total } = await repo.listRequests(db, { apiKeyId: key.id, ...window(input.query) });
      const items = rows.map((row) => ({
        id: row.id,
        type: row.type,
        createdAt: row.createdAt.toISOString(),
        origin: row.origin,
        statusCode: row.statusCode,
        durationMs: row.durationMs,
      }));
      return pageAnswer(items, total, input.query);
    },
  };
}
export type ApiKeyService = ReturnType<typeof apiKeyService>;
