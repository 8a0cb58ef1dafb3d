import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@esign/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkParam, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient, PROFILE } from '../../../test/auth.js';
import { createTestDatabase } from '../../../test/database.js';
import { isRedisUp, testRedisUrl } from '../../../test/redis.js';
import { awaitingDocument, signerClient } from '../../../test/signing.js';
import { teamClient } from '../../../test/teams.js';
import { recordEvent } from '../../data/events.js';
import { REALTIME_PATH } from '../../platform/realtime.js';
import { REALTIME_EVENT } from './realtime-push.js';

interface Pushed {
  type: string;
  documentId: string;
  sequence: number;
  data?: { document: { status: string } };
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const sockets: Socket[] = [];
function connect(url: string, auth: Record<string, string>): Promise<Socket> {
  const socket = io(url, { path: REALTIME_PATH, auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (error) => reject(error));
  });
}

function nextPush(socket: Socket, predicate: (pushed: Pushed) => boolean): Promise<Pushed> {
  return new Promise((resolve) => {
    const listener = (pushed: Pushed) => {
      if (!predicate(pushed)) return;
      socket.off(REALTIME_EVENT, listener);
      resolve(pushed);
    };
    socket.on(REALTIME_EVENT, listener);
  });
}

afterAll(() => {
  for (const socket of sockets) socket.close();
});

/** The app of the describe block this is called in (events polled every 50 ms), listening at `url`. */
let t: TestApp;
let url: string;
function listeningApp() {
  beforeAll(async () => {
    t = await createTestApp({ config: { eventPollMs: 50 } });
    url = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });
}

describe('realtime', () => {
  listeningApp();

  it('refuses a socket without a valid token, a bad one or another document', async () => {
    await expect(connect(url, {})).rejects.toThrow('unauthorized');
    await expect(connect(url, { token: 'not-a-token' })).rejects.toThrow('unauthorized');
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const other = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const token = doc.signers[0]?.token ?? '';
    await expect(connect(url, { signerToken: token, documentId: other.documentId })).rejects.toThrow('unauthorized');
  });

  it("pushes a committed change to its owner's socket and its signers' document room", async () => {
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const [signer] = doc.signers;
    if (!signer) throw new Error('no signer');
    const owner = await connect(url, { token: doc.owner.accessToken });
    const signerSocket = await connect(url, { signerToken: signer.token, documentId: doc.documentId });
    const toOwner = nextPush(owner, (pushed) => pushed.type === 'document.completed');
    const toSigner = nextPush(signerSocket, (pushed) => pushed.type === 'document.completed');
    const signed = await signerClient(t.app, signer.token)(
      'PATCH',
      `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`,
      { fields: [{ id: signer.fieldIds[0], checked: true }], consent: 'I agree' },
    );
    expect(signed.statusCode).toBe(200);
    expect(await toOwner).toMatchObject({ documentId: doc.documentId, data: { document: { status: 'completed' } } });
    const pushedToSigner = await toSigner;
    expect(pushedToSigner.documentId).toBe(doc.documentId);
    expect(pushedToSigner.data).toBeUndefined();
  });
});

describe('realtime in a team', () => {
  listeningApp();

  it("pushes a member's document to the team's owner and admins, not to its users", async () => {
    const { owner, members } = await teamClient(t.app).team(2, 1);
    const [admin, user] = members;
    if (!admin || !user) throw new Error('no members');
    const ownerSocket = await connect(url, { token: owner.accessToken });
    const userSocket = await connect(url, { token: user.accessToken });
    const toUser = heard(userSocket);
    const made = newDocument(t.app, admin);
    expect((await pushAbout(ownerSocket, made)).type).toBe('document.created');
    // Not to the user: a later event of their own, which a socket hears in order, comes with nothing before it.
    expect((await pushAbout(userSocket, newDocument(t.app, user))).type).toBe('document.created');
    const id = await made;
    expect(toUser.filter((event) => event.documentId === id)).toEqual([]);
  });
});

type Session = { accessToken: string };

/** A new draft of `session`'s user: its `document.created` goes to its owner and their team's owner and admins. */
async function newDocument(app: TestApp['app'], session: Session): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}/documents`,
    headers: { authorization: `Bearer ${session.accessToken}` },
    payload: { type: 'others' },
  });
  if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
  return created.json<{ id: string }>().id;
}

/** Every pushed event a socket hears from now on. */
function heard(socket: Socket): Pushed[] {
  const events: Pushed[] = [];
  socket.on(REALTIME_EVENT, (pushed: Pushed) => events.push(pushed));
  return events;
}

/** The push about the document `id` names (the listener is on before the document is made: nothing is missed). */
function pushAbout(socket: Socket, id: Promise<string>): Promise<Pushed> {
  const seen: Pushed[] = [];
  return new Promise((resolve) => {
    const look = (wanted: string) => {
      const hit = seen.find((event) => event.documentId === wanted);
      if (hit) resolve(hit);
    };
    socket.on(REALTIME_EVENT, (pushed: Pushed) => {
      seen.push(pushed);
      void id.then(look);
    });
    void id.then(look);
  });
}

/** Resolves when the server closes the socket (socket.io's reason for a server-side disconnect). */
function closedByServer(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
}

/**
 * After `change`, a teammate's new document reaches the team's owner (`witness`) but not `old`: a socket still open
 * is shown that by a later event of its own user (`ownDocumentOf`), which a socket hears in order.
 */
async function teammateDocumentAfter(
  app: TestApp['app'],
  input: { witness: Socket; teammate: Session; old: Socket; ownDocumentOf?: Session },
) {
  const events = heard(input.old);
  const made = newDocument(app, input.teammate);
  await pushAbout(input.witness, made);
  const teammates = await made;
  if (input.ownDocumentOf) {
    const own = await pushAbout(input.old, newDocument(app, input.ownDocumentOf));
    expect(own.type).toBe('document.created');
  }
  return events.filter((event) => event.documentId === teammates);
}

describe('a socket hears only what its person may see now', () => {
  listeningApp();

  // Cause: a socket joined its rooms once, at connection; a demotion, a removal, a logout or a password change
  // ended nothing of it, so an admin's old socket kept hearing the team's documents (titles, signers' names).
  it("takes a demoted admin's sockets out of the team's room, and puts a promoted user's in", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(2, 1);
    const [admin, user] = members;
    if (!admin || !user) throw new Error('no members');
    const witness = await connect(url, { token: owner.accessToken });
    const old = await connect(url, { token: admin.accessToken });
    expect((await call(owner, 'POST', `/teams/${admin.id}/downgrade_to_user`)).statusCode).toBe(200);
    expect(await teammateDocumentAfter(t.app, { witness, teammate: user, old, ownDocumentOf: admin })).toEqual([]);
    // Promoted again, the same socket hears the team at once.
    expect((await call(owner, 'POST', `/teams/${admin.id}/upgrade_to_admin`)).statusCode).toBe(200);
    const again = await pushAbout(old, newDocument(t.app, user));
    expect(again.type).toBe('document.created');
  });

  it("closes a removed admin's sockets", async () => {
    const { call, team } = teamClient(t.app);
    const { owner, members } = await team(2, 1);
    const [admin, user] = members;
    if (!admin || !user) throw new Error('no members');
    const witness = await connect(url, { token: owner.accessToken });
    const old = await connect(url, { token: admin.accessToken });
    const closed = closedByServer(old);
    expect((await call(owner, 'DELETE', '/teams/members', { ids: [admin.id] })).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(await teammateDocumentAfter(t.app, { witness, teammate: user, old })).toEqual([]);
  });

  it("closes the logged-out session's sockets, not the same person's other sessions", async () => {
    const { team } = teamClient(t.app);
    const { owner, members } = await team(2, 1);
    const [admin, user] = members as [(typeof members)[0] & { refreshToken: string; password: string }, Session];
    const other = (await authClient(t.app).signIn(admin.email, admin.password)).body;
    if (other.type !== 'authorized') throw new Error('second sign-in failed');
    const witness = await connect(url, { token: owner.accessToken });
    const old = await connect(url, { token: admin.accessToken });
    const kept = await connect(url, { token: other.accessToken });
    const closed = closedByServer(old);
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/auth/logout`,
      payload: { refreshToken: admin.refreshToken },
    });
    expect(loggedOut.statusCode).toBe(204);
    expect(await closed).toBe('io server disconnect');
    expect(await teammateDocumentAfter(t.app, { witness, teammate: user, old })).toEqual([]);
    expect(kept.connected).toBe(true);
  });

  it("closes every socket of a password reset, and the other sessions' sockets of a profile's new password", async () => {
    const { call, team } = teamClient(t.app);
    const auth = authClient(t.app);
    const { owner, members } = await team(2, 2);
    const [admin, second] = members as [(typeof members)[0] & { password: string }, (typeof members)[0]];
    if (!admin || !second) throw new Error('no members');
    const witness = await connect(url, { token: owner.accessToken });

    // A new password in the profile: this session's socket stays, the other session's closes.
    const other = (await auth.signIn(admin.email, admin.password)).body;
    if (other.type !== 'authorized') throw new Error('second sign-in failed');
    const old = await connect(url, { token: other.accessToken });
    const kept = await connect(url, { token: admin.accessToken });
    const closed = closedByServer(old);
    const changed = await call(admin, 'PATCH', '/user/profile', {
      ...PROFILE,
      password: 'newsecret9',
      passwordConfirmation: 'newsecret9',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(await teammateDocumentAfter(t.app, { witness, teammate: second, old })).toEqual([]);
    // The session that changed it keeps its socket, and hears the team still.
    expect((await pushAbout(kept, newDocument(t.app, second))).type).toBe('document.created');

    // A reset through the mailed link: every session ends, so every socket closes.
    const resetSocket = await connect(url, { token: second.accessToken });
    const resetClosed = closedByServer(resetSocket);
    await auth.post('/auth/change_password/send_mail', { email: second.email });
    const mail = await waitForMail(t.app, second.email, { subject: /password/i });
    const reset = await auth.post('/auth/change_password/change', {
      token: linkParam(mail, 'passwordResetToken'),
      password: 'newsecret9',
      passwordConfirmation: 'newsecret9',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await resetClosed).toBe('io server disconnect');
    expect(await teammateDocumentAfter(t.app, { witness, teammate: admin, old: resetSocket })).toEqual([]);
  });
});

const redisUrl = testRedisUrl;

/** Runs `test` with node A (workers on) and the address of node B (an API node, no workers), on one new database. */
async function onTwoNodes(test: (a: TestApp, urlOfB: string) => Promise<void>) {
  const database = await createTestDatabase();
  const shared = { jwtSecret: randomBytes(32).toString('hex'), redisUrl, eventPollMs: 50 };
  const a = await createTestApp({ databaseUrl: database.url, config: shared });
  // Node B runs no workers: a push reaches it only through Redis.
  const b = await createTestApp({ databaseUrl: database.url, config: { ...shared, runWorkers: false } });
  try {
    await listen(a);
    await test(a, await listen(b));
  } finally {
    await b.close();
    await a.close();
    await database.drop();
  }
}

// Two API nodes share one database: PostgreSQL (DATABASE_URL), as at scale; PGlite belongs to one process.
describe.skipIf(!process.env.DATABASE_URL || !(await isRedisUp()))('realtime across two nodes (REDIS_URL)', () => {
  it('brings an event committed through node A to a socket connected to node B', async () => {
    await onTwoNodes(async (a, urlOfB) => {
      const doc = await awaitingDocument(a.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
      const onB = await connect(urlOfB, { token: doc.owner.accessToken });
      const pushed = nextPush(onB, (event) => event.documentId === doc.documentId);
      await a.app.platform.database.db.transaction((tx) =>
        recordEvent(tx, { type: 'document.viewed', documentId: doc.documentId }),
      );
      expect(await pushed).toMatchObject({ type: 'document.viewed', sequence: 1 });
    });
  });

  it('narrows and closes on node B the sockets of a demotion, a removal and a logout made through node A', async () => {
    // Cause: a socket's rooms were given once at connection on the node it reached; nothing told that node when
    // node A demoted, removed or logged out its person.
    await onTwoNodes(async (a, urlOfB) => {
      const { call, team } = teamClient(a.app);
      const { owner, members } = await team(3, 2);
      const [demoted, removed, user] = members;
      if (!demoted || !removed || !user) throw new Error('no members');
      const loggedOut = (await authClient(a.app).signIn(demoted.email, demoted.password)).body;
      if (loggedOut.type !== 'authorized') throw new Error('second sign-in failed');
      const witness = await connect(urlOfB, { token: owner.accessToken });
      const demotedSocket = await connect(urlOfB, { token: demoted.accessToken });
      const removedSocket = await connect(urlOfB, { token: removed.accessToken });
      const loggedOutSocket = await connect(urlOfB, { token: loggedOut.accessToken });
      const closed = [closedByServer(removedSocket), closedByServer(loggedOutSocket)];

      expect((await call(owner, 'POST', `/teams/${demoted.id}/downgrade_to_user`)).statusCode).toBe(200);
      expect((await call(owner, 'DELETE', '/teams/members', { ids: [removed.id] })).statusCode).toBe(200);
      const logout = await a.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/auth/logout`,
        payload: { refreshToken: loggedOut.refreshToken },
      });
      expect(logout.statusCode).toBe(204);
      expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
      const heardByRemoved = heard(removedSocket);
      const heardByLoggedOut = heard(loggedOutSocket);
      const demotedHeard = await teammateDocumentAfter(a.app, {
        witness,
        teammate: user,
        old: demotedSocket,
        ownDocumentOf: demoted,
      });
      expect([...demotedHeard, ...heardByRemoved, ...heardByLoggedOut]).toEqual([]);
    });
  });
});
