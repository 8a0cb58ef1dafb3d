import { createHash } from 'node:crypto';
import { blankField, type DocumentField } from '@esign/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { toFieldRow } from '../../data/document-fields.js';
import { listParts, type PartRow } from '../../data/document-parts.js';
import { listSigners } from '../../data/documents.js';
import type { Db } from '../../platform/db/client.js';
import { documentFields, documentParts } from '../../platform/db/schema.js';

/**
 * The fields found in a document's files (text tags and PDF form fields, issue 37; found by the conversion,
 * `platform/pdf/found-fields.ts`, and kept on each part) become the document's fields when its PDF is set, once
 * per conversion of the part, for the sender to review in the editor. A found field's id is derived from its part
 * and place in the part's list, so a conversion done again (the same file) adds no second copy of a field kept.
 *
 * The tag's signer number N is the document's N-th signer after the preparer (a template's N-th role). A field
 * whose signer does not exist yet is placed unassigned, and takes that signer when the signers are saved
 * (`assignFoundFields`), as long as it is still unassigned.
 */

/** The id of the `index`-th field found in a part: a UUID (version 5 layout) of their hash. */
export function foundFieldId(partId: string, index: number): string {
  const hex = createHash('sha256').update(`${partId}:found-field:${index}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** Every found field of the parts with its id, its page in the combined PDF and its signer's number. */
function foundFieldsOf(parts: PartRow[]) {
  const fields: { field: DocumentField; signer: number; partId: string }[] = [];
  let pageOffset = 0;
  for (const part of parts) {
    for (const [index, found] of (part.foundFields ?? []).entries()) {
      const field = blankField({
        id: foundFieldId(part.id, index),
        type: found.type,
        pageNumber: pageOffset + found.pageIndex + 1,
        coordinateX: found.box.x,
        coordinateY: found.box.y,
        width: found.box.width,
        height: found.box.height,
        required: found.required,
        settings: found.settings,
      });
      fields.push({ field, signer: found.signer, partId: part.id });
    }
    pageOffset += part.pdfMetadata?.pages.length ?? 0;
  }
  return fields;
}

/** The document's signers by their number: 1 is the first after the preparer. */
async function signerIdsByNumber(tx: Db, documentId: string): Promise<(number: number) => string | null> {
  const others = (await listSigners(tx, documentId)).filter((row) => !row.isPreparer);
  return (number) => others[number - 1]?.id ?? null;
}

/**
 * Places the found fields of the document's parts not placed since their conversion, and marks them placed (a
 * field the sender deleted does not come back when a part is added later); in the caller's transaction.
 */
export async function placeFoundFields(tx: Db, documentId: string): Promise<void> {
  const parts = await listParts(tx, documentId);
  const unplacedIds = parts.filter((part) => !part.foundFieldsPlaced && part.foundFields).map((part) => part.id);
  if (unplacedIds.length === 0) return;
  const found = foundFieldsOf(parts).filter(({ partId }) => unplacedIds.includes(partId));
  const signerOf = await signerIdsByNumber(tx, documentId);
  if (found.length > 0) {
    await tx
      .insert(documentFields)
      .values(found.map(({ field, signer }) => toFieldRow(documentId, { ...field, signerId: signerOf(signer) })))
      .onConflictDoNothing({ target: documentFields.id });
  }
  await tx.update(documentParts).set({ foundFieldsPlaced: true }).where(inArray(documentParts.id, unplacedIds));
}

/** Gives each still unassigned found field the signer its tag named, now that the signers are saved. */
export async function assignFoundFields(tx: Db, documentId: string): Promise<void> {
  const found = foundFieldsOf(await listParts(tx, documentId));
  if (found.length === 0) return;
  const signerOf = await signerIdsByNumber(tx, documentId);
  for (const { field, signer } of found) {
    const signerId = signerOf(signer);
    if (!signerId) continue;
    await tx
      .update(documentFields)
      .set({ signerId })
      .where(
        and(
          eq(documentFields.id, field.id),
          eq(documentFields.documentId, documentId),
          isNull(documentFields.signerId),
        ),
      );
  }
}
