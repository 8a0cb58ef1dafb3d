import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';

/** The path of the socket.io endpoint, on the API's own port. */
export const REALTIME_PATH = '/socket.io';

/** The rooms a connecting socket may join, or undefined to refuse it. */
export type RealtimeAuthenticator = (auth: Record<string, unknown>) => Promise<string[] | undefined>;

export const userRoom = (userId: string) => `user:${userId}`;
/** The team's owner and admins: they see every document of the team (access policy, `document.view`). */
export const teamRoom = (teamId: string) => `team:${teamId}`;
export const documentRoom = (documentId: string) => `document:${documentId}`;
/** The sockets opened with one session's access tokens (a logout closes them). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * What ends or narrows a person's open sockets when what they may see changes, on every API node (through Redis
 * with REDIS_URL). A socket's rooms are given at connection; these keep them true afterwards.
 */
export interface SocketAccess {
  /** Closes the sockets of ended sessions: one session's, or every one of a user's but `exceptSessionId`'s. */
  endSessions(scope: { sessionId: string } | { userId: string; exceptSessionId?: string }): void;
  /** Puts the user's open sockets in the team's room (`isIn`: an admin now) or takes them out (a user now). */
  setTeamRoom(input: { userId: string; teamId: string; isIn: boolean }): void;
}

/**
 * Pushes to open browsers: socket.io on the API's port, in-process by default; with REDIS_URL the Redis adapter
 * carries every push to the sockets of every API node (a worker process publishes through it too). A socket is
 * refused unless `authenticate` gives it rooms (a user's with a valid bearer token, a document's with a signing
 * link's token); it can join nothing else.
 */
export class Realtime implements SocketAccess {
  private io: Server | undefined;
  private redis: { quit: () => Promise<unknown> }[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  async attach(server: HttpServer, options: { redisUrl: string | undefined; authenticate: RealtimeAuthenticator }) {
    const io = new Server(server, { path: REALTIME_PATH, serveClient: false, transports: ['websocket', 'polling'] });
    if (options.redisUrl) {
      const publisher = createClient({ url: options.redisUrl });
      const subscriber = publisher.duplicate();
      for (const client of [publisher, subscriber]) {
        client.on('error', (error) => this.log.warn({ err: error }, 'realtime redis error'));
      }
      await Promise.all([publisher.connect(), subscriber.connect()]);
      this.redis = [publisher, subscriber];
      // The adapter's types name redis v4's client; v5's has the same calls.
      io.adapter(createAdapter(publisher as never, subscriber as never));
    }
    io.use((socket: Socket, next) => {
      options
        .authenticate((socket.handshake.auth ?? {}) as Record<string, unknown>)
        .then((rooms) => {
          if (!rooms || rooms.length === 0) return next(new Error('unauthorized'));
          socket.join(rooms);
          next();
        })
        .catch(() => next(new Error('unauthorized')));
    });
    this.io = io;
  }

  /** Sockets connected to this node. */
  get socketCount(): number {
    return this.io?.engine.clientsCount ?? 0;
  }

  publish(rooms: string[], name: string, message: unknown): void {
    if (!this.io || rooms.length === 0) return;
    this.io.to(rooms).emit(name, message);
  }

  endSessions(scope: { sessionId: string } | { userId: string; exceptSessionId?: string }): void {
    if (!this.io) return;
    if ('sessionId' in scope) {
      this.io.in(sessionRoom(scope.sessionId)).disconnectSockets(true);
      return;
    }
    const sockets = this.io.in(userRoom(scope.userId));
    (scope.exceptSessionId ? sockets.except(sessionRoom(scope.exceptSessionId)) : sockets).disconnectSockets(true);
  }

  setTeamRoom(input: { userId: string; teamId: string; isIn: boolean }): void {
    if (!this.io) return;
    const sockets = this.io.in(userRoom(input.userId));
    if (input.isIn) sockets.socketsJoin(teamRoom(input.teamId));
    else sockets.socketsLeave(teamRoom(input.teamId));
  }

  async close(): Promise<void> {
    const io = this.io;
    this.io = undefined;
    if (io) await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.all(this.redis.map((client) => client.quit().catch(() => {})));
    this.redis = [];
  }
}
