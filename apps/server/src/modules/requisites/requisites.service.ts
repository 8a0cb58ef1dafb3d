import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SIGNATURE_FONT,
  MESSAGES,
  type Requisite,
  type RequisiteInput,
  type RequisitesBody,
} from '@esign/shared';
import type { RequisiteOwner } from '../../data/requisites.js';
import {
  findLiveRequisites,
  insertRequisites,
  isUsedInFields,
  listOwnedRequisites,
  type NewRequisiteRow,
  ownerColumns,
  type RequisiteRow,
  softDeleteRequisites,
  updateRequisite,
} from '../../data/requisites.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { decodeImage, normaliseImage } from '../../platform/images.js';
import type { Storage } from '../../platform/storage/storage.js';
import { type Actor, can, requisiteOf, userActor } from '../access/index.js';

interface RequisiteDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
}

/** Where a requisite's PNG lives; made by the server only. */
export function requisiteFileKey(owner: RequisiteOwner, requisiteId: string): string {
  return `requisites/${owner.id}/${requisiteId}.png`;
}

/** The owner of a call as the policy's actor: the logged-in user, or the signer of that document's link. */
function actorOf(owner: RequisiteOwner): Actor {
  return owner.kind === 'user'
    ? userActor(owner.id)
    : { kind: 'signer', documentId: owner.documentId, signerId: owner.id };
}

const imageRequired = () => new AppError('VALIDATION_ERROR', MESSAGES.requisiteImageRequired);

/** The stored values of one item (the image is stored apart). */
function valuesOf(item: RequisiteInput): Pick<NewRequisiteRow, 'valueType' | 'text' | 'fontFamily' | 'fontSize'> {
  const isText = item.valueType === 'text';
  return {
    valueType: item.valueType,
    text: isText ? (item.text ?? null) : null,
    fontFamily: isText ? (item.fontFamily ?? DEFAULT_SIGNATURE_FONT) : null,
    fontSize: isText ? (item.fontSize ?? null) : null,
  };
}

/**
 * Saved signatures and initials: always a pair linked both ways by siblingId, owned by a user or a signer; and company
 * stamps, each alone.
 */
export function requisiteService({ db, storage, now }: RequisiteDeps) {
  async function present(row: RequisiteRow): Promise<Requisite> {
    return {
      id: row.id,
      type: row.type,
      valueType: row.valueType,
      text: row.text,
      fileKey: row.fileKey,
      siblingId: row.siblingId,
      fontFamily: row.fontFamily as Requisite['fontFamily'],
      fontSize: row.fontSize,
      createdAt: row.createdAt.toISOString(),
      deletedAt: row.deletedAt?.toISOString() ?? null,
      imageUrl: row.fileKey ? await storage.signedGetUrl(row.fileKey) : null,
    };
  }

  /** Every image is checked and made PNG before anything is written, so a refused pair stores nothing. */
  async function preparedImages(items: RequisiteInput[]): Promise<(Buffer | null)[]> {
    const bytes = items.map((item) => (item.image === undefined ? null : decodeImage(item.image)));
    return Promise.all(bytes.map((image) => (image === null ? null : normaliseImage(image))));
  }

  /** Stores the images under new ids, then the two rows linked both ways (or the one row of a stamp). */
  async function insertPair(
    tx: Db,
    owner: RequisiteOwner,
    items: RequisiteInput[],
    images: (Buffer | null)[],
    consent: string | null,
  ): Promise<RequisiteRow[]> {
    const ids = items.map(() => randomUUID());
    for (const [index, image] of images.entries()) {
      if (image) await storage.put(requisiteFileKey(owner, ids[index] as string), image, 'image/png');
    }
    return insertRequisites(
      tx,
      items.map((item, index) => ({
        id: ids[index],
        ...ownerColumns(owner),
        type: item.type,
        ...valuesOf(item),
        fileKey: images[index] ? requisiteFileKey(owner, ids[index] as string) : null,
        // A stamp is saved alone.
        siblingId: items.length === 2 ? ids[1 - index] : null,
        consent,
      })),
    );
  }

  /** The live rows among `ids` the policy lets the owner change (another's are left out, as if absent: 404). */
  const findOwned = async (tx: Db, owner: RequisiteOwner, ids: string[]) =>
    (await findLiveRequisites(tx, ids)).filter((row) => can(actorOf(owner), 'requisite.manage', requisiteOf(row)));

  const bySignFirst = (rows: RequisiteRow[]) =>
    [...rows].sort((a, b) => (a.type === b.type ? 0 : a.type === 'sign' ? -1 : 1));

  return {
    async list(input: { owner: RequisiteOwner; withDeleted: boolean }): Promise<Requisite[]> {
      const rows = await listOwnedRequisites(db, input);
      return Promise.all(rows.map(present));
    },

    async create(input: { owner: RequisiteOwner; body: RequisitesBody }): Promise<Requisite[]> {
      const items = input.body.requisites;
      if (items.some((item) => item.image === undefined)) throw imageRequired();
      const images = await preparedImages(items);
      const rows = await insertPair(db, input.owner, items, images, input.body.consent ?? null);
      return Promise.all(bySignFirst(rows).map(present));
    },

    async update(input: { owner: RequisiteOwner; body: RequisitesBody }): Promise<Requisite[]> {
      const items = input.body.requisites;
      const ids = items.map((item) => item.id);
      // A stamp is not changed in place: it is deleted and uploaded again.
      if (items.length !== 2 || ids.some((id) => id === undefined) || ids[0] === ids[1]) throw notFound();
      const images = await preparedImages(items);
      const rows = await db.transaction(async (tx) => {
        const existing = await findOwned(tx, input.owner, ids as string[]);
        const isPair =
          existing.length === 2 &&
          existing.every((row) => ids.includes(row.siblingId ?? '') && row.siblingId !== row.id) &&
          items.every((item) => existing.find((row) => row.id === item.id)?.type === item.type);
        if (!isPair) throw notFound();
        const currentOf = (item: RequisiteInput) => existing.find((row) => row.id === item.id) as RequisiteRow;
        // Without a new image the stored one stays, which only fits an unchanged drawn or uploaded image.
        for (const [index, item] of items.entries()) {
          const isKept = !images[index];
          if (isKept && (item.valueType !== currentOf(item).valueType || item.valueType === 'text')) {
            throw imageRequired();
          }
        }
        // A pair already placed in a document stays as it was signed: the change becomes a new pair instead.
        if (await isUsedInFields(tx, ids as string[])) {
          await softDeleteRequisites(tx, { owner: input.owner, ids: ids as string[], now: now() });
          const kept = await Promise.all(
            items.map(async (item, index) => {
              const fileKey = currentOf(item).fileKey;
              return images[index] ?? (fileKey ? await storage.getBuffer(fileKey) : null);
            }),
          );
          // The consent given when the pair was first made stays with it unless a new one comes with the change.
          const consent = input.body.consent ?? existing.find((row) => row.consent !== null)?.consent ?? null;
          return insertPair(tx, input.owner, items, kept, consent);
        }
        const updated: RequisiteRow[] = [];
        for (const [index, item] of items.entries()) {
          const current = currentOf(item);
          const image = images[index];
          const fileKey = requisiteFileKey(input.owner, current.id);
          if (image) await storage.put(fileKey, image, 'image/png');
          const row = await updateRequisite(tx, {
            owner: input.owner,
            id: current.id,
            values: {
              ...valuesOf(item),
              fileKey: image ? fileKey : current.fileKey,
              ...(input.body.consent ? { consent: input.body.consent } : {}),
            },
          });
          if (row) updated.push(row);
        }
        return updated;
      });
      return Promise.all(bySignFirst(rows).map(present));
    },

    /** Soft-deletes the item and its sibling together. */
    async remove(input: { owner: RequisiteOwner; id: string }): Promise<{ success: true }> {
      await db.transaction(async (tx) => {
        const [row] = await findOwned(tx, input.owner, [input.id]);
        if (!row) throw notFound();
        const ids = row.siblingId ? [row.id, row.siblingId] : [row.id];
        await softDeleteRequisites(tx, { owner: input.owner, ids, now: now() });
      });
      return { success: true };
    },
  };
}
export type RequisiteService = ReturnType<typeof requisiteService>;
