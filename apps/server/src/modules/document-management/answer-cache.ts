/**
 * Serialized list answers of one API node, by owner, list version and query, least recently used first out.
 *
 * Correct across any number of API nodes because the version comes from the database on every request: the
 * triggers of drizzle/0008_list_triggers.sql bump `users.documents_version` in the same transaction as any
 * change the lists show, and the request reads it with the user (requireUser) before it runs the list statement. So an answer stored
 * under version v was computed no earlier than v was current; once a change commits, every node reads the new
 * version and misses. Old versions' answers are never asked for again and age out.
 */
export class ListAnswerCache {
  private readonly entries = new Map<string, string>();
  private size = 0;

  /** `maxChars`: the budget of all stored answers (UTF-16 code units, about bytes); 0 keeps nothing. */
  constructor(private readonly maxChars: number) {}

  static key(userId: string, version: number | string, query: object): string {
    return `${userId}:${version}:${JSON.stringify(query)}`;
  }

  get(key: string): string | undefined {
    const body = this.entries.get(key);
    if (body !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, body);
    }
    return body;
  }

  set(key: string, body: string): void {
    if (body.length > this.maxChars) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.size -= previous.length;
    }
    this.entries.set(key, body);
    this.size += body.length;
    for (const [oldest, value] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(oldest);
      this.size -= value.length;
    }
  }
}
