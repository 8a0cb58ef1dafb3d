import type { EventRow } from '../../data/events.js';
import { documentRoom, type Realtime, teamRoom, userRoom } from '../../platform/realtime.js';

/** The name of the socket.io message that carries an event. */
export const REALTIME_EVENT = 'event';

/**
 * The owner's tabs (and those of the team's owner and admins) get the whole event (what their list and preview show); a document's signers get only its
 * type and number (their page reloads what it may see).
 */
export function pushEvents(realtime: Realtime, claimed: EventRow[]): void {
  for (const event of claimed) {
    const base = {
      id: event.id,
      type: event.type,
      sequence: event.sequence,
      documentId: event.documentId,
      createdAt: event.createdAt.toISOString(),
    };
    const owners = [userRoom(event.userId), ...(event.teamId ? [teamRoom(event.teamId)] : [])];
    realtime.publish(owners, REALTIME_EVENT, { ...base, data: event.payload });
    if (event.documentId) realtime.publish([documentRoom(event.documentId)], REALTIME_EVENT, base);
  }
}
