import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@esign/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/database.js';
import { isRedisUp, testRedisUrl } from '../../../test/redis.js';
import { awaitingDocument, signerClient } from '../../../test/signing.js';
import { teamClient } from '../../../test/teams.js';
import { REALTIME_PATH } from '../../platform/realtime.js';
import { recordEvent } from './events.repository.js';
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

describe('realtime', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { eventPollMs: 50 } });
    url = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

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
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { eventPollMs: 50 } });
    url = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("pushes a member's document to the team's owner and admins, not to its users", async () => {
    const { owner, members } = await teamClient(t.app).team(2, 1);
    const [admin, user] = members;
    if (!admin || !user) throw new Error('no members');
    const ownerSocket = await connect(url, { token: owner.accessToken });
    const userSocket = await connect(url, { token: user.accessToken });
    const toUser: Pushed[] = [];
    userSocket.on(REALTIME_EVENT, (pushed: Pushed) => toUser.push(pushed));
    const created = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/documents`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
      payload: { type: 'others' },
    });
    const { id } = created.json<{ id: string }>();
    const pushed = await nextPush(ownerSocket, (event) => event.documentId === id);
    expect(pushed.type).toBe('document.created');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(toUser.filter((event) => event.documentId === id)).toEqual([]);
  });
});

const redisUrl = testRedisUrl;

// Two API nodes share one database: PostgreSQL (DATABASE_URL), as at scale; PGlite belongs to one process.
describe.skipIf(!process.env.DATABASE_URL || !(await isRedisUp()))('realtime across two nodes (REDIS_URL)', () => {
  it('brings an event committed through node A to a socket connected to node B', async () => {
    const database = await createTestDatabase();
    const shared = { jwtSecret: randomBytes(32).toString('hex'), redisUrl, eventPollMs: 50 };
    const a = await createTestApp({ databaseUrl: database.url, config: shared });
    // Node B runs no workers (an API node): the push reaches it only through Redis.
    const b = await createTestApp({ databaseUrl: database.url, config: { ...shared, runWorkers: false } });
    try {
      await listen(a);
      const urlOfB = await listen(b);
      const doc = await awaitingDocument(a.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
      const onB = await connect(urlOfB, { token: doc.owner.accessToken });
      const pushed = nextPush(onB, (event) => event.documentId === doc.documentId);
      await a.app.platform.database.db.transaction((tx) =>
        recordEvent(tx, { type: 'document.viewed', documentId: doc.documentId }),
      );
      expect(await pushed).toMatchObject({ type: 'document.viewed', sequence: 1 });
    } finally {
      await b.close();
      await a.close();
      await database.drop();
    }
  });
});
