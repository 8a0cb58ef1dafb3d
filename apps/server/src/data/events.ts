import type { ActivityType, EventType } from '@esign/shared';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { events } from '../platform/db/schema.js';

export type EventRow = typeof events.$inferSelect;

export interface EventInput {
  type: EventType;
  documentId: string;
  /** The signers the event names (who viewed, who signed, whom a send went to). */
  signerIds?: string[];
  message?: string;
  formId?: string;
  at?: Date;
}

/** The activities that are events too: each is recorded with its activity, in the same transaction. */
const EVENT_OF_ACTIVITY: Partial<Record<ActivityType, EventType>> = {
  create: 'document.created',
  send: 'document.sent',
  view: 'document.viewed',
  sign: 'document.signed',
  // The seal records `complete` with the final PDF's hash: the document is sealed then.
  complete: 'document.sealed',
  // An archive timestamp added to the sealed file (the new file's hash is on the activity, not the event).
  timestamp: 'document.timestamped',
  revert: 'document.reverted',
  approve: 'recipient.approved',
  reject: 'recipient.rejected',
  acknowledge: 'recipient.viewed',
  correct: 'recipient.updated',
  reassign: 'recipient.reassigned',
  // Issue 38: the recipient typed the code mailed or texted to it; the message is the channel (email, sms).
  identity_check: 'recipient.identity_checked',
  // The life of a sent document (issue 36): a decline's or a void's reason is the event's message.
  decline: 'document.declined',
  void: 'document.voided',
  expire: 'document.expired',
  extend: 'document.expiry_extended',
  remove: 'document.removed',
};

export function eventOfActivity(type: ActivityType): EventType | undefined {
  return EVENT_OF_ACTIVITY[type];
}

/**
 * Records one event in the outbox. Call it with the transaction of the change it announces: it exists exactly
 * when that change commits. The document's sequence row is locked by the upsert, so a document's events are
 * numbered in commit order. Templates and forms themselves have no events (a form's submission is its document's).
 */
export async function recordEvent(db: Db, input: EventInput): Promise<void> {
  await recordEvents(db, [input]);
}

/**
 * Records events in the order given, as `recordEvent` records one. Events of different documents go in one
 * statement (a bulk send's turn of twenty sends, a bulk delete, a retention run's removals): their documents'
 * sequence rows are taken in id order, as every other batch takes them, and the events are inserted in the order
 * given. A document named again starts the next statement (one statement numbers a document once).
 */
export async function recordEvents(db: Db, inputs: EventInput[]): Promise<void> {
  let group: EventInput[] = [];
  const documents = new Set<string>();
  for (const input of inputs) {
    if (documents.has(input.documentId)) {
      await insertEvents(db, group);
      group = [];
      documents.clear();
    }
    group.push(input);
    documents.add(input.documentId);
  }
  await insertEvents(db, group);
}

/** One statement: the events of `inputs`, each of a different document. */
async function insertEvents(db: Db, inputs: EventInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const given = inputs.map((input) => ({
    documentId: input.documentId,
    type: input.type,
    signerIds: input.signerIds ?? [],
    message: input.message ?? null,
    formId: input.formId ?? null,
    at: input.at?.toISOString() ?? null,
  }));
  await db.execute(sql`
    with given as (
      select (x ->> 'documentId')::uuid as document_id, x ->> 'type' as type, x -> 'signerIds' as signer_ids,
        x ->> 'message' as message, x ->> 'formId' as form_id,
        coalesce((x ->> 'at')::timestamptz, now()) as at, position
      from jsonb_array_elements(${JSON.stringify(given)}::jsonb) with ordinality as given(x, position)
    ), document as (
      select d.id, d.user_id, d.team_id, d.title, d.status, d.type from documents d
      where d.id in (select document_id from given) and d.type not in ('template', 'form_request')
    ), next as (
      insert into event_sequences (document_id, last)
      select id, 1 from document order by id
      on conflict (document_id) do update set last = event_sequences.last + 1
      returning document_id, last
    )
    insert into events (type, user_id, team_id, document_id, sequence, payload, created_at)
    select g.type, d.user_id, d.team_id, d.id, next.last,
      jsonb_strip_nulls(jsonb_build_object(
        'document', jsonb_build_object('id', d.id, 'title', d.title, 'status', d.status, 'type', d.type),
        'signers', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'email', s.email)
          order by s.id) from signers s where s.id in (select value::uuid from jsonb_array_elements_text(g.signer_ids))),
          '[]'::jsonb),
        'message', g.message,
        'formId', g.form_id)),
      g.at
    from given g join document d on d.id = g.document_id join next on next.document_id = d.id
    order by g.position`);
}

/** Whether any event waits for the dispatcher (a cheap look before it opens a transaction). */
export async function hasUndispatchedEvents(db: Db): Promise<boolean> {
  const waiting = await db.select({ id: events.id }).from(events).where(isNull(events.dispatchedAt)).limit(1);
  return waiting.length > 0;
}

/**
 * In the caller's transaction: takes the transaction-level advisory lock `lock` (one dispatcher at a time across
 * processes) and marks up to `batch` undispatched events dispatched, in commit order. Nothing when another holds the
 * lock.
 */
export async function claimUndispatchedEvents(tx: Db, params: { lock: number; batch: number }): Promise<EventRow[]> {
  const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${params.lock}) as locked`)) as unknown as {
    rows: { locked: boolean }[];
  };
  if (!result.rows[0]?.locked) return [];
  const rows = await tx
    .select()
    .from(events)
    .where(isNull(events.dispatchedAt))
    .orderBy(asc(events.position))
    .limit(params.batch);
  if (rows.length === 0) return [];
  await tx
    .update(events)
    .set({ dispatchedAt: sql`now()` })
    .where(
      inArray(
        events.id,
        rows.map((row) => row.id),
      ),
    );
  return rows;
}
