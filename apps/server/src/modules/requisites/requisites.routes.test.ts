import { blankField, MESSAGES, type Requisite, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient } from '../../../test/documents.js';
import { pngBase64, requisiteCalls } from '../../../test/requisites.js';
import { toFieldRow } from '../../data/document-fields.js';
import { documentFields, documents } from '../../platform/db/schema.js';

let t: TestApp;
let owner: { id: string; headers: Record<string, string> };
let stranger: { id: string; headers: Record<string, string> };
let png: string;

const { db, signerWithToken, call, drawnPair, createPair, list, follow } = requisiteCalls(
  () => t.app,
  () => png,
);

beforeAll(async () => {
  t = await createTestApp();
  const auth = authClient(t.app);
  const first = await auth.loggedInUser();
  const second = await auth.loggedInUser();
  owner = { id: first.id, headers: documentClient(t.app, first.accessToken).headers };
  stranger = { id: second.id, headers: documentClient(t.app, second.accessToken).headers };
  png = await pngBase64();
});
afterAll(async () => {
  await t?.close();
});

describe('requisites of a user', () => {
  it('saves a drawn signature and its initials as a pair linked both ways, with readable PNGs', async () => {
    const [sign, initial] = await createPair(owner.headers);
    expect(sign?.type).toBe('sign');
    expect(initial?.type).toBe('initial');
    expect(sign?.siblingId).toBe(initial?.id);
    expect(initial?.siblingId).toBe(sign?.id);
    expect(sign?.fileKey).toBe(`requisites/${owner.id}/${sign?.id}.png`);
    const image = await follow(sign?.imageUrl ?? '');
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('png');
    const ids = (await list(owner.headers)).map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([sign?.id, initial?.id]));
  });

  it('stores typed text with its font and size beside the rendered image', async () => {
    const [sign, initial] = await createPair(owner.headers, {
      requisites: [
        {
          type: 'sign',
          valueType: 'text',
          text: '<script>alert(1)</script> Ada',
          fontFamily: 'greatVibes',
          fontSize: 36,
          image: png,
        },
        { type: 'initial', valueType: 'text', text: 'AL', fontFamily: 'greatVibes', fontSize: 36, image: png },
      ],
    });
    expect(sign).toMatchObject({
      valueType: 'text',
      text: '<script>alert(1)</script> Ada',
      fontFamily: 'greatVibes',
      fontSize: 36,
    });
    expect(initial).toMatchObject({ valueType: 'text', text: 'AL' });
    expect(sign?.fileKey).not.toBeNull();
  });

  it('refuses a typed value without text, over 100 characters, or in a font that is not a script font', async () => {
    const typed = (sign: object) => ({
      requisites: [
        { type: 'sign', valueType: 'text', image: png, ...sign },
        { type: 'initial', valueType: 'text', text: 'AL', image: png },
      ],
    });
    const missing = await call('POST', '/requisites', owner.headers, typed({}));
    expect(missing.statusCode).toBe(400);
    const long = await call('POST', '/requisites', owner.headers, typed({ text: 'a'.repeat(101) }));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(MESSAGES.maxLength100);
    const font = await call('POST', '/requisites', owner.headers, typed({ text: 'Ada', fontFamily: 'arial' }));
    expect(font.statusCode).toBe(400);
  });

  it('always takes a signature and initials together', async () => {
    const single = await call('POST', '/requisites', owner.headers, { requisites: [drawnPair().requisites[0]] });
    expect(single.statusCode).toBe(400);
    const twoSigns = await call('POST', '/requisites', owner.headers, {
      requisites: [
        { type: 'sign', valueType: 'draw', image: png },
        { type: 'sign', valueType: 'draw', image: png },
      ],
    });
    expect(twoSigns.statusCode).toBe(400);
    expect(twoSigns.body).toContain(MESSAGES.requisitePairRequired);
    const withoutImage = await call('POST', '/requisites', owner.headers, {
      requisites: [
        { type: 'sign', valueType: 'draw' },
        { type: 'initial', valueType: 'draw', image: png },
      ],
    });
    expect(withoutImage.statusCode).toBe(400);
  });

  it('updates a pair in place, keeping the link; halves of two different pairs are refused', async () => {
    const [sign, initial] = await createPair(owner.headers);
    const [otherSign] = await createPair(owner.headers);
    const response = await call('PATCH', '/requisites', owner.headers, {
      requisites: [
        {
          id: sign?.id,
          type: 'sign',
          valueType: 'text',
          text: 'Ada Lovelace',
          fontFamily: 'sacramento',
          fontSize: 30,
          image: png,
        },
        { id: initial?.id, type: 'initial', valueType: 'draw' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [updatedSign, updatedInitial] = response.json<Requisite[]>();
    expect(updatedSign).toMatchObject({
      id: sign?.id,
      valueType: 'text',
      text: 'Ada Lovelace',
      siblingId: initial?.id,
    });
    expect(updatedInitial).toMatchObject({
      id: initial?.id,
      valueType: 'draw',
      fileKey: initial?.fileKey,
      siblingId: sign?.id,
    });

    const mixed = await call('PATCH', '/requisites', owner.headers, {
      requisites: [
        { id: otherSign?.id, type: 'sign', valueType: 'draw', image: png },
        { id: initial?.id, type: 'initial', valueType: 'draw', image: png },
      ],
    });
    expect(mixed.statusCode).toBe(404);
    const withoutIds = await call('PATCH', '/requisites', owner.headers, drawnPair());
    expect(withoutIds.statusCode).toBe(404);
    const typeChangeWithoutImage = await call('PATCH', '/requisites', owner.headers, {
      requisites: [
        { id: sign?.id, type: 'sign', valueType: 'upload' },
        { id: initial?.id, type: 'initial', valueType: 'draw' },
      ],
    });
    expect(typeChangeWithoutImage.statusCode).toBe(400);
    expect(typeChangeWithoutImage.json<{ message: string }>().message).toBe(MESSAGES.requisiteImageRequired);
  });

  it('soft-deletes the pair together; deleted ones are listed only withDeleted', async () => {
    const [sign, initial] = await createPair(owner.headers);
    const removed = await call('DELETE', `/requisites/${initial?.id}`, owner.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    const live = (await list(owner.headers)).map((item) => item.id);
    expect(live).not.toContain(sign?.id);
    expect(live).not.toContain(initial?.id);
    const all = await list(owner.headers, true);
    const deleted = all.filter((item) => item.id === sign?.id || item.id === initial?.id);
    expect(deleted).toHaveLength(2);
    expect(deleted.every((item) => item.deletedAt !== null)).toBe(true);
    expect((await call('DELETE', `/requisites/${sign?.id}`, owner.headers)).statusCode).toBe(404);
    const patchDeleted = await call('PATCH', '/requisites', owner.headers, {
      requisites: [
        { id: sign?.id, type: 'sign', valueType: 'draw', image: png },
        { id: initial?.id, type: 'initial', valueType: 'draw', image: png },
      ],
    });
    expect(patchDeleted.statusCode).toBe(404);
  });

  it("hides a user's requisites from everybody else (404), also their images", async () => {
    const [sign, initial] = await createPair(owner.headers);
    expect((await list(stranger.headers)).map((item) => item.id)).not.toContain(sign?.id);
    expect((await call('DELETE', `/requisites/${sign?.id}`, stranger.headers)).statusCode).toBe(404);
    const patch = await call('PATCH', '/requisites', stranger.headers, {
      requisites: [
        { id: sign?.id, type: 'sign', valueType: 'draw', image: png },
        { id: initial?.id, type: 'initial', valueType: 'draw', image: png },
      ],
    });
    expect(patch.statusCode).toBe(404);
    const strangerUrl = await call('POST', '/auth/get_signed_url', stranger.headers, { key: sign?.fileKey ?? '' });
    expect(strangerUrl.statusCode).toBe(404);
    const ownUrl = await call('POST', '/auth/get_signed_url', owner.headers, { key: sign?.fileKey ?? '' });
    expect(ownUrl.statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await call('GET', '/requisites', {})).statusCode).toBe(401);
    expect((await call('POST', '/requisites', {}, drawnPair())).statusCode).toBe(401);
  });
});

describe('requisites of a signer', () => {
  it("belong to the link's signer: not the document owner's, not another signer's", async () => {
    const signer = await signerWithToken(owner);
    const [sign, initial] = await createPair(signer.headers);
    expect(sign?.fileKey).toBe(`requisites/${signer.signer.id}/${sign?.id}.png`);
    expect((await list(signer.headers)).map((item) => item.id).sort()).toEqual([sign?.id, initial?.id].sort());
    expect((await list(owner.headers)).map((item) => item.id)).not.toContain(sign?.id);

    const otherSigner = await signerWithToken(stranger);
    expect(await list(otherSigner.headers)).toEqual([]);
    expect((await call('DELETE', `/requisites/${sign?.id}`, otherSigner.headers)).statusCode).toBe(404);
    const patch = await call('PATCH', '/requisites', otherSigner.headers, {
      requisites: [
        { id: sign?.id, type: 'sign', valueType: 'draw', image: png },
        { id: initial?.id, type: 'initial', valueType: 'draw', image: png },
      ],
    });
    expect(patch.statusCode).toBe(404);
    expect((await call('DELETE', `/requisites/${sign?.id}`, owner.headers)).statusCode).toBe(404);

    const removed = await call('DELETE', `/requisites/${sign?.id}`, signer.headers);
    expect(removed.statusCode).toBe(200);
    expect(await list(signer.headers)).toEqual([]);
  });

  it('an unknown signing token gets 404, even with a valid bearer token beside it', async () => {
    const headers = { ...owner.headers, [SIGN_ACCESS_TOKEN_HEADER]: 'not-a-token' };
    expect((await call('GET', '/requisites', headers)).statusCode).toBe(404);
  });

  it("a signer who is the logged-in user uses the user's own requisites", async () => {
    const [sign] = await createPair(owner.headers);
    const preparer = await signerWithToken(owner, owner.id);
    const both = { ...owner.headers, ...preparer.headers };
    expect((await list(both)).map((item) => item.id)).toContain(sign?.id);
    // Without the bearer token the same link token is only the signer.
    expect((await list(preparer.headers)).map((item) => item.id)).not.toContain(sign?.id);
  });

  it("lets the document owner read a signer's image used in a field of the document", async () => {
    const signer = await signerWithToken(owner);
    const [sign] = await createPair(signer.headers);
    const key = sign?.fileKey ?? '';
    expect((await call('POST', '/auth/get_signed_url', owner.headers, { key })).statusCode).toBe(404);
    await db()
      .insert(documentFields)
      .values(
        toFieldRow(
          signer.documentId,
          blankField({
            id: crypto.randomUUID(),
            type: 'signature',
            signerId: signer.signer.id,
            coordinateX: 10,
            coordinateY: 10,
            requisiteId: sign?.id ?? null,
          }),
        ),
      );
    expect((await call('POST', '/auth/get_signed_url', owner.headers, { key })).statusCode).toBe(200);
    expect((await call('POST', '/auth/get_signed_url', stranger.headers, { key })).statusCode).toBe(404);
  });

  it('a pair already used in a field is kept as signed: an edit makes a new pair', async () => {
    const signer = await signerWithToken(owner);
    const [sign, initial] = await createPair(signer.headers);
    await db()
      .insert(documentFields)
      .values(
        toFieldRow(
          signer.documentId,
          blankField({
            id: crypto.randomUUID(),
            type: 'signature',
            signerId: signer.signer.id,
            coordinateX: 10,
            coordinateY: 10,
            requisiteId: sign?.id ?? null,
          }),
        ),
      );
    const before = await follow(sign?.imageUrl ?? '');
    const other = await pngBase64(200, 90);
    const response = await call('PATCH', '/requisites', signer.headers, {
      requisites: [
        { id: sign?.id, type: 'sign', valueType: 'upload', image: other },
        { id: initial?.id, type: 'initial', valueType: 'draw' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [newSign, newInitial] = response.json<Requisite[]>();
    expect(newSign?.id).not.toBe(sign?.id);
    expect(newSign).toMatchObject({ valueType: 'upload', siblingId: newInitial?.id });
    expect(newInitial).toMatchObject({ valueType: 'draw', siblingId: newSign?.id });
    expect((await list(signer.headers)).map((item) => item.id).sort()).toEqual([newSign?.id, newInitial?.id].sort());
    // The signed one is still there, unchanged, for the document.
    const all = await list(signer.headers, true);
    const old = all.find((item) => item.id === sign?.id);
    expect(old?.deletedAt).not.toBeNull();
    expect((await follow(old?.imageUrl ?? '')).rawPayload.equals(before.rawPayload)).toBe(true);
    const keptInitial = await follow(newInitial?.imageUrl ?? '');
    expect((await sharp(keptInitial.rawPayload).metadata()).width).toBe(300);
  });

  it('a token of a document with an access code works only once the code was typed', async () => {
    const signer = await signerWithToken(owner);
    const { eq } = await import('drizzle-orm');
    await db().update(documents).set({ codeAccess: 'secret' }).where(eq(documents.id, signer.documentId));
    const response = await call('GET', '/requisites', signer.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('ACCESS_CODE_REQUIRED');
  });
});
