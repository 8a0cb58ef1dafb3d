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
  const signerIds = input.signerIds ?? [];
  const at = input.at ? sql`${input.at.toISOString()}::timestamptz` : sql`now()`;
  await db.execute(sql`
    with document as (
      select d.id, d.user_id, d.team_id, d.title, d.status, d.type from documents d
      where d.id = ${input.documentId} and d.type not in ('template', 'form_request')
    ), next as (
      insert into event_sequences (document_id, last)
      select id, 1 from document
      on conflict (document_id) do update set last = event_sequences.last + 1
      returning last
    )
    insert into events (type, user_id, team_id, document_id, sequence, payload, created_at)
    select ${input.type}, d.user_id, d.team_id, d.id, next.last,
      jsonb_strip_nulls(jsonb_build_object(
        'document', jsonb_build_object('id', d.id, 'title', d.title, 'status', d.status, 'type', d.type),
        'signers', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'email', s.email)
          order by s.id) from signers s where s.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(signerIds)}::jsonb))),
          '[]'::jsonb),
        'message', ${input.message ?? null}::text,
        'formId', ${input.formId ?? null}::text)),
      ${at}
    from document d, next`);
}

/**
 * Records events in order. The same plain event of many documents (a bulk delete; a retention run's removals, with
 * their one message) is one statement: the documents' sequence rows are taken in id order, as every other batch
 * takes them.
 */
export async function recordEvents(db: Db, inputs: EventInput[]): Promise<void> {
  const [first] = inputs;
  const ids = [...new Set(inputs.map((input) => input.documentId))];
  const isOneKind =
    first !== undefined &&
    inputs.length > 1 &&
    ids.length === inputs.length &&
    inputs.every(
      (input) =>
        input.type === first.type &&
        input.at?.getTime() === first.at?.getTime() &&
        !input.signerIds?.length &&
        input.message === first.message &&
        input.formId === undefined,
    );
  if (!isOneKind) {
    for (const input of inputs) await recordEvent(db, input);
    return;
  }
  const at = first.at ? sql`${first.at.toISOString()}::timestamptz` : sql`now()`;
  await db.execute(sql`
    with document as (
      select d.id, d.user_id, d.team_id, d.title, d.status, d.type from documents d
      where d.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
        and d.type not in ('template', 'form_request')
    ), next as (
      insert into event_sequences (document_id, last)
      select id, 1 from document order by id
      on conflict (document_id) do update set last = event_sequences.last + 1
      returning document_id, last
    )
    insert into events (type, user_id, team_id, document_id, sequence, payload, created_at)
    select ${first.type}, d.user_id, d.team_id, d.id, next.last,
      jsonb_strip_nulls(jsonb_build_object(
        'document', jsonb_build_object('id', d.id, 'title', d.title, 'status', d.status, 'type', d.type),
        'signers', '[]'::jsonb,
        'message', ${first.message ?? null}::text)),
      ${at}
    from document d join next on next.document_id = d.id
    order by d.id`);
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
