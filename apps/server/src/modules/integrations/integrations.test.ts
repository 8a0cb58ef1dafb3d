import {
  connectionRevokedMessage,
  type Document,
  DROPBOX_MAX_FILE_BYTES,
  fileGoneMessage,
  INTEGRATION_TYPES,
  type IntegrationState,
  type IntegrationType,
  MESSAGES,
  providerUnavailableMessage,
  UPLOAD_LIMITS,
} from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { type CloudPeer, startCloudPeer } from '../../../test/cloud-peer.js';
import { corpusFile, documentClient } from '../../../test/documents.js';
import { connectIntegration, cookiesOf, PEER_FAMILY } from '../../../test/integrations.js';
import { secretBox } from '../../platform/crypto/secret-box.js';
import { integrations } from '../../platform/db/schema.js';
import { integrationConfigs } from '../../platform/integration-config.js';

let peer: CloudPeer;
let t: TestApp;
let alice: ReturnType<typeof documentClient>;
let aliceId: string;
let bob: ReturnType<typeof documentClient>;

const PDF = corpusFile('pdf/pdf20_latex_2p.pdf');
const DOCX = corpusFile('office/docx_table_image_cyrillic.docx');
const PNG = corpusFile('images/png_rgba_semitransparent_dice.png');

beforeAll(async () => {
  peer = await startCloudPeer();
  t = await createTestApp({
    config: { integrations: integrationConfigs(peer.env()), integrationsTimeoutMs: 2000 },
  });
  const auth = authClient(t.app);
  const first = await auth.loggedInUser();
  aliceId = first.id;
  alice = documentClient(t.app, first.accessToken);
  bob = documentClient(t.app, (await auth.loggedInUser()).accessToken);
  for (const type of INTEGRATION_TYPES) {
    const family = PEER_FAMILY[type];
    peer.addFile('alice', family, { id: `${family}-folder`, name: 'Contracts', isFolder: true });
    peer.addFile('alice', family, {
      id: `${family}-pdf`,
      name: 'lease.pdf',
      parentId: `${family}-folder`,
      content: PDF,
    });
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.stop();
});

const inject = (client: ReturnType<typeof documentClient>, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: client.headers, ...(payload ? { payload } : {}) });
const importFile = (
  client: ReturnType<typeof documentClient>,
  documentId: string,
  type: IntegrationType,
  fileId: string,
) => inject(client, 'POST', `/documents/${documentId}/file_import`, { type, fileId });
const cards = async (client: ReturnType<typeof documentClient>) =>
  (await inject(client, 'GET', '/integrations')).json<{ integrations: IntegrationState[] }>().integrations;

describe('integrations: authorisation (OAuth 2 code grant with PKCE and state)', () => {
  it('connects each service through the popup flow; the tokens are stored encrypted', async () => {
    for (const type of INTEGRATION_TYPES) {
      const result = await connectIntegration(t.app, alice.headers, type);
      expect(Object.fromEntries(result.searchParams)).toEqual({ type, status: 'success' });
      expect(result.pathname).toBe('/integrations');
    }
    expect((await cards(alice)).every((card) => card.isConnected && card.isConfigured)).toBe(true);

    const [row] = await t.app.platform.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.userId, aliceId))
      .limit(1);
    const grant = peer.grants('alice', PEER_FAMILY[row?.type ?? 'box']).at(-1);
    expect(grant).toBeDefined();
    // Neither token is in the row as it is; both come back under the integrations' key and no other.
    expect(JSON.stringify(row)).not.toContain(grant?.accessToken);
    expect(JSON.stringify(row)).not.toContain(grant?.refreshToken);
    const box = secretBox(t.app.platform.config.integrationsKey, 'integrations:tokens:v1');
    expect(box.decrypt(row?.refreshTokenEncrypted ?? '')).toBe(grant?.refreshToken);
    expect(() =>
      secretBox(t.app.platform.config.integrationsKey, 'two-factor:totp-secret:v1').decrypt(
        row?.accessTokenEncrypted ?? '',
      ),
    ).toThrow();
  });

  it('sends a PKCE challenge (S256) and a fresh state each time', async () => {
    const urls = await Promise.all(
      [1, 2].map(async () => {
        const answer = await inject(bob, 'GET', '/integrations/auth_url?type=box');
        return new URL(answer.json<{ url: string }>().url);
      }),
    );
    for (const url of urls) {
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/v1/integrations/callback/box');
    }
    expect(urls[0]?.searchParams.get('state')).not.toBe(urls[1]?.searchParams.get('state'));
  });

  it('refuses a forged state, a state of another service and a state used twice', async () => {
    const forged = await connectIntegration(t.app, bob.headers, 'dropbox', {
      tamper: (callback) => callback.searchParams.set('state', 'forged-state-of-someone-else'),
    });
    expect(Object.fromEntries(forged.searchParams)).toEqual({
      type: 'dropbox',
      status: 'error',
      error: 'invalid_state',
      error_description: MESSAGES.integrationStateInvalid,
    });
    const crossed = await connectIntegration(t.app, bob.headers, 'dropbox', {
      tamper: (callback) => {
        callback.pathname = callback.pathname.replace('dropbox', 'box');
      },
    });
    expect(crossed.searchParams.get('error')).toBe('invalid_state');

    let replay = '';
    const first = await connectIntegration(t.app, bob.headers, 'dropbox', {
      account: 'bob',
      tamper: (callback) => {
        replay = `${callback.pathname}${callback.search}`;
      },
    });
    expect(first.searchParams.get('status')).toBe('success');
    const again = await t.app.inject({ method: 'GET', url: replay });
    expect(new URL(String(again.headers.location)).searchParams.get('error')).toBe('invalid_state');
  });

  // Cause: the state was bound to the user who asked for the authorisation URL, not to the browser: a victim lured
  // to an attacker's URL who pressed Allow gave the attacker's account the victim's cloud connection.
  it('binds the authorisation to the browser that started it: a callback from another browser connects no one', async () => {
    const auth = authClient(t.app);
    const attacker = documentClient(t.app, (await auth.loggedInUser()).accessToken);
    const victim = documentClient(t.app, (await auth.loggedInUser()).accessToken);
    const isConnected = async (client: typeof attacker) =>
      (await cards(client)).find((card) => card.type === 'box')?.isConnected;
    // The victim's browser has no cookie of the attacker's authorisation, or only one of its own.
    const victimsOwn = await inject(victim, 'GET', '/integrations/auth_url?type=box');
    for (const cookie of ['', cookiesOf(victimsOwn)]) {
      const lured = await connectIntegration(t.app, attacker.headers, 'box', { account: 'victim', cookie });
      expect(Object.fromEntries(lured.searchParams), cookie).toEqual({
        type: 'box',
        status: 'error',
        error: 'invalid_state',
        error_description: MESSAGES.integrationStateInvalid,
      });
    }
    expect(await isConnected(attacker)).toBe(false);
    expect(await isConnected(victim)).toBe(false);
    expect(peer.grants('victim', 'box')).toEqual([]);

    // The cookie: HttpOnly, SameSite=Lax, for the service's callback only, as long as the state lives.
    expect(String(victimsOwn.headers['set-cookie'])).toMatch(
      /^esign_integration_state=[\w-]{43}; Path=\/api\/v1\/integrations\/callback\/box; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    // From the browser that started it, it connects, and the callback clears the cookie.
    const started = await inject(attacker, 'GET', '/integrations/auth_url?type=box');
    const authorize = new URL(started.json<{ url: string }>().url);
    authorize.searchParams.set('decision', 'allow');
    authorize.searchParams.set('account', 'attacker');
    const consent = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') ?? '');
    const back = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookiesOf(started) },
    });
    expect(new URL(String(back.headers.location)).searchParams.get('status')).toBe('success');
    expect(String(back.headers['set-cookie'])).toContain(
      'esign_integration_state=; Path=/api/v1/integrations/callback/box; Max-Age=0',
    );
    expect(await isConnected(attacker)).toBe(true);
  });

  it('reports a denied authorisation, and keeps nothing', async () => {
    const denied = await connectIntegration(t.app, bob.headers, 'google_drive', { decision: 'deny' });
    expect(Object.fromEntries(denied.searchParams)).toEqual({
      type: 'google_drive',
      status: 'error',
      error: 'access_denied',
    });
    expect((await cards(bob)).find((card) => card.type === 'google_drive')?.isConnected).toBe(false);
  });

  it('asks who is calling first', async () => {
    for (const url of ['/integrations', '/integrations/auth_url?type=box', '/integrations/box/files']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1${url}` })).statusCode).toBe(401);
    }
  });
});

describe('integrations: import into a draft', () => {
  it('lists folders and imports a PDF from each service, converted like an upload', async () => {
    for (const type of INTEGRATION_TYPES) {
      const family = PEER_FAMILY[type];
      const root = (await inject(alice, 'GET', `/integrations/${type}/files`)).json<{ entries: { id: string }[] }>();
      expect(root.entries.map((entry) => entry.id)).toEqual([`${family}-folder`]);
      const folder = await inject(
        alice,
        'GET',
        `/integrations/${type}/files?folderId=${encodeURIComponent(`${family}-folder`)}`,
      );
      expect(folder.json()).toMatchObject({
        entries: [{ id: `${family}-pdf`, name: 'lease.pdf', isFolder: false, size: PDF.length }],
        nextCursor: null,
      });

      const document = await alice.create();
      const imported = await importFile(alice, document.id, type, `${family}-pdf`);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toMatchObject({ originalFileName: 'lease.pdf', sizeBytes: PDF.length });
      const finished = await alice.waitUntilFinished(document.id);
      expect(finished.parts.map((part) => [part.pagesTotal, part.errorText])).toEqual([[2, null]]);
    }
  }, 120_000);

  it('exports a Google document as docx and converts it', async () => {
    peer.addFile('alice', 'google', {
      id: 'gdoc',
      name: 'Offer letter',
      mimeType: 'application/vnd.google-apps.document',
      exports: { 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': DOCX },
    });
    const document = await alice.create();
    const imported = await importFile(alice, document.id, 'google_drive', 'gdoc');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ originalFileName: 'Offer letter.docx', sizeBytes: DOCX.length });
    const finished = await alice.waitUntilFinished(document.id, 120_000);
    expect(finished.parts[0]?.errorText).toBeNull();
    expect(peer.requests.some((request) => request.includes('/files/gdoc/export?mimeType='))).toBe(true);
  }, 150_000);

  it('refreshes an access token the service no longer takes, once, and goes on (Box rotates its refresh token)', async () => {
    const before = peer.grants('alice', 'box').at(-1)?.refreshToken;
    peer.expireAccessTokens();
    const tokenCalls = () => peer.requests.filter((request) => request.startsWith('POST /oauth/box/token')).length;
    const calls = tokenCalls();
    const listed = await inject(alice, 'GET', '/integrations/box/files');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(tokenCalls()).toBe(calls + 1);
    expect(peer.grants('alice', 'box').at(-1)?.refreshToken).not.toBe(before);
    // The rotated refresh token was stored: the next expiry refreshes again.
    peer.expireAccessTokens();
    expect((await inject(alice, 'GET', '/integrations/box/files')).statusCode).toBe(200);
    expect(tokenCalls()).toBe(calls + 2);
  });

  it('refuses files over the limits and of the wrong type, and stores none of them', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(UPLOAD_LIMITS.maxFileBytes)]);
    peer.addFile('alice', 'google', { id: 'big', name: 'big.pdf', content: big });
    peer.addFile('alice', 'box', { id: 'big-unsaid', name: 'big.pdf', content: big, reportedSize: 1000 });
    const overDropbox = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(DROPBOX_MAX_FILE_BYTES - 8)]);
    peer.addFile('alice', 'dropbox', { id: 'id:over', name: 'over.pdf', content: overDropbox });
    peer.addFile('alice', 'dropbox', {
      id: 'id:over-unsaid',
      name: 'over.pdf',
      content: overDropbox,
      reportedSize: 10,
    });
    peer.addFile('alice', 'dropbox', { id: 'id:fake', name: 'fake.pdf', content: PNG });
    peer.addFile('alice', 'dropbox', { id: 'id:exe', name: 'setup.exe', content: PDF });
    peer.addFile('alice', 'google', {
      id: 'gform',
      name: 'Survey',
      mimeType: 'application/vnd.google-apps.form',
    });
    const document = await alice.create();
    const refusals: [IntegrationType, string, string][] = [
      ['google_drive', 'big', MESSAGES.fileTooLarge],
      ['box', 'big-unsaid', MESSAGES.fileTooLarge],
      ['dropbox', 'id:over', MESSAGES.fileTooLarge],
      ['dropbox', 'id:over-unsaid', MESSAGES.fileTooLarge],
      ['dropbox', 'id:fake', MESSAGES.fileContentMismatch],
      ['dropbox', 'id:exe', MESSAGES.fileTypeNotAllowed],
      ['google_drive', 'gform', MESSAGES.fileCannotBeUsed],
    ];
    for (const [type, fileId, message] of refusals) {
      const answer = await importFile(alice, document.id, type, fileId);
      expect([fileId, answer.statusCode, answer.json().message]).toEqual([fileId, 400, message]);
    }
    expect((await alice.get(document.id)).json<Document>().parts).toEqual([]);
    expect(await storedOriginals(document.id)).toEqual([]);

    // Dropbox's limit is 40,000,000 bytes: one byte less is taken.
    peer.addFile('alice', 'dropbox', {
      id: 'id:at-limit',
      name: 'limit.pdf',
      content: overDropbox.subarray(0, DROPBOX_MAX_FILE_BYTES),
    });
    const atLimit = await importFile(alice, document.id, 'dropbox', 'id:at-limit');
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  }, 60_000);

  it("keeps to the document's five files", async () => {
    const document = await alice.create();
    for (let index = 0; index < 5; index += 1) {
      expect((await importFile(alice, document.id, 'one_drive', 'graph-pdf')).statusCode).toBe(200);
    }
    const sixth = await importFile(alice, document.id, 'one_drive', 'graph-pdf');
    expect([sixth.statusCode, sixth.json().message]).toEqual([400, MESSAGES.documentFilesLimit]);
    expect(await storedOriginals(document.id)).toHaveLength(5);
  });

  it('says a file is gone at the service', async () => {
    peer.addFile('alice', 'graph', { id: 'soon-gone', name: 'a.pdf', content: PDF });
    peer.removeFile('alice', 'graph', 'soon-gone');
    const document = await alice.create();
    for (const [type, fileId] of [
      ['one_drive', 'soon-gone'],
      ['dropbox', 'id:nothing'],
      ['box', '404404'],
      ['google_drive', 'nothing'],
    ] as [IntegrationType, string][]) {
      const answer = await importFile(alice, document.id, type, fileId);
      expect([answer.statusCode, answer.json().message]).toEqual([404, fileGoneMessage(type)]);
    }
  });

  it("never fetches with another user's connection", async () => {
    const bobsDocument = await bob.create();
    // Bob has no Box connection of his own: Alice's is not his to use.
    const notConnected = await importFile(bob, bobsDocument.id, 'box', 'box-pdf');
    expect([notConnected.statusCode, notConnected.json().message]).toEqual([409, MESSAGES.integrationNotConnected]);
    // His own Dropbox (account 'bob') does not hold Alice's file.
    const notHis = await importFile(bob, bobsDocument.id, 'dropbox', 'dropbox-pdf');
    expect([notHis.statusCode, notHis.json().message]).toEqual([404, fileGoneMessage('dropbox')]);
    // Alice's connection into Bob's document: the document is not hers.
    const intoOthers = await importFile(alice, bobsDocument.id, 'dropbox', 'dropbox-pdf');
    expect([intoOthers.statusCode, intoOthers.json().message]).toEqual([404, MESSAGES.documentNotFound]);
    expect((await inject(bob, 'GET', '/integrations/box/files')).statusCode).toBe(409);
  });

  // Cause: OneDrive's cursor (Graph's @odata.nextLink, handed back by the browser) was checked with a string
  // prefix before URL normalisation, so `<api>/../elsewhere` passed and was fetched, with the user's token, outside
  // the API's path.
  it("follows a OneDrive cursor only under the API's path once normalised", async () => {
    await connectIntegration(t.app, alice.headers, 'one_drive');
    const apiUrl = t.app.platform.config.integrations.one_drive?.apiUrl ?? '';
    const outside = new URL(apiUrl).origin;
    const before = peer.requests.length;
    for (const cursor of [
      `${apiUrl}/../graph-download/alice/graph-pdf`,
      `${apiUrl}/%2e%2e/graph-download/alice/graph-pdf`,
      `${apiUrl}/me/%2E%2E/%2e%2e/../graph-download/alice/graph-pdf`,
      `${apiUrl}\\..\\graph-download/alice/graph-pdf`,
      `${apiUrl}/me/drive/..%2f..%2f..%2fgraph-download/alice/graph-pdf`,
      `${apiUrl}-other/me/drive/root/children`,
      `${apiUrl}@${new URL(apiUrl).host}/graph-download/alice/graph-pdf`,
      `${outside.replace('127.0.0.1', 'localhost')}/graph/me/drive/root/children`,
      'not a url',
    ]) {
      const answer = await inject(alice, 'GET', `/integrations/one_drive/files?cursor=${encodeURIComponent(cursor)}`);
      expect([answer.statusCode, answer.json().message], cursor).toEqual([400, MESSAGES.fileCannotBeUsed]);
      // Not a request went out for it, inside the API's path or out of it.
      expect(peer.requests.slice(before), cursor).toEqual([]);
    }
    const next = await inject(
      alice,
      'GET',
      `/integrations/one_drive/files?cursor=${encodeURIComponent(`${apiUrl}/me/drive/root/children`)}`,
    );
    expect(next.statusCode, next.body).toBe(200);
  });

  it('retries a service that fails once, and says so clearly when it does not answer', async () => {
    peer.failNext(1);
    expect((await inject(alice, 'GET', '/integrations/google_drive/files')).statusCode).toBe(200);
    peer.hangNext(2);
    const silent = await inject(alice, 'GET', '/integrations/google_drive/files');
    expect([silent.statusCode, silent.json().message]).toEqual([502, providerUnavailableMessage('google_drive')]);
  });

  it('says so when the service breaks off mid-file, and stores nothing', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);
    peer.addFile('alice', 'box', { id: 'broken', name: 'broken.pdf', content: big, breakAfter: 1024 * 1024 });
    const document = await alice.create();
    const answer = await importFile(alice, document.id, 'box', 'broken');
    expect([answer.statusCode, answer.json().message]).toEqual([502, providerUnavailableMessage('box')]);
    expect(await storedOriginals(document.id)).toEqual([]);
  });

  it('marks a connection revoked at the service and asks to activate it again', async () => {
    const auth = authClient(t.app);
    const carol = documentClient(t.app, (await auth.loggedInUser()).accessToken);
    await connectIntegration(t.app, carol.headers, 'google_drive', { account: 'carol' });
    peer.revokeAccount('carol');
    peer.expireAccessTokens();
    const document = await carol.create();
    const answer = await importFile(carol, document.id, 'google_drive', 'anything');
    expect([answer.statusCode, answer.json().message]).toEqual([409, connectionRevokedMessage('google_drive')]);
    expect((await cards(carol)).find((card) => card.type === 'google_drive')).toMatchObject({
      isConnected: false,
      isRevoked: true,
    });
    // Activating it again makes a new connection.
    await connectIntegration(t.app, carol.headers, 'google_drive', { account: 'carol' });
    expect((await cards(carol)).find((card) => card.type === 'google_drive')?.isConnected).toBe(true);
  });
});

describe('integrations: deactivation', () => {
  it('revokes the grant at the service (RFC 7009, and Dropbox its own way) and forgets it', async () => {
    const auth = authClient(t.app);
    const dave = documentClient(t.app, (await auth.loggedInUser()).accessToken);
    for (const type of INTEGRATION_TYPES) await connectIntegration(t.app, dave.headers, type, { account: 'dave' });
    for (const type of INTEGRATION_TYPES) {
      const answer = await inject(dave, 'POST', '/integrations/deactivate', { type });
      expect(answer.statusCode, answer.body).toBe(200);
      const grant = peer.grants('dave', PEER_FAMILY[type]).at(-1);
      if (type === 'one_drive') {
        // Microsoft has no revocation endpoint: the answer is its page for removing the app.
        expect(answer.json().url).toBe('https://account.live.com/consent/Manage');
      } else {
        expect(answer.json().url).toBeNull();
        expect(grant?.isRevoked).toBe(true);
      }
    }
    expect((await cards(dave)).some((card) => card.isConnected)).toBe(false);
    const again = await inject(dave, 'POST', '/integrations/deactivate', { type: 'box' });
    expect(again.statusCode).toBe(409);
  });
});

describe('integrations: configuration', () => {
  it('shows a service without client id and secret disabled, with the reason', () => {
    const configs = integrationConfigs({
      BOX_CLIENT_ID: 'id',
      BOX_CLIENT_SECRET: 'secret',
      DROPBOX_CLIENT_ID: 'only-id',
    });
    expect(Object.entries(configs).map(([type, config]) => [type, config !== undefined])).toEqual([
      ['google_drive', false],
      ['dropbox', false],
      ['one_drive', false],
      ['box', true],
    ]);
    expect(configs.box?.tokenUrl).toBe('https://api.box.com/oauth2/token');
  });

  it('answers the cards of an unconfigured server as disabled', async () => {
    const bare = await createTestApp();
    try {
      const user = await authClient(bare.app).loggedInUser();
      const answer = await bare.app.inject({
        method: 'GET',
        url: '/api/v1/integrations',
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(answer.json().integrations).toEqual(
        INTEGRATION_TYPES.map((type) => ({
          type,
          isConfigured: false,
          disabledReason: MESSAGES.integrationNotConfigured,
          isConnected: false,
          isRevoked: false,
        })),
      );
      const url = await bare.app.inject({
        method: 'GET',
        url: '/api/v1/integrations/auth_url?type=box',
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect([url.statusCode, url.json().message]).toEqual([409, MESSAGES.integrationNotConfigured]);
    } finally {
      await bare.close();
    }
  });
});

async function storedOriginals(documentId: string) {
  const { readdir } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const root = join(t.app.platform.config.dataDir, 'files', 'documents', documentId, 'originals');
  try {
    return (await readdir(root, { recursive: true })).filter((entry) => /\.\w+$/.test(entry));
  } catch {
    return [];
  }
}
