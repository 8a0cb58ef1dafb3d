import { type CompanySettings, MESSAGES } from '@esign/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { sessionCall, uploadAsset as uploadAssetAs } from '../../../test/assets.js';
import { authClient } from '../../../test/auth.js';
import { setPlan } from '../../../test/templates.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Session = { accessToken: string; id: string };
const call: ReturnType<typeof sessionCall> = (...args) => sessionCall(t.app)(...args);

const settings = {
  companyName: 'Acme Ltd',
  companyEmail: 'Acme Contracts',
  emailTemplate: 'Kind regards,\nThe Acme team',
  redirectionPage: 'https://acme.example/thanks',
  tagline: 'Signed, sealed, delivered',
  industry: 'Logistics',
  signatureTypesPreferences: {
    isDrawnSignaturesAvailable: true,
    isUploadedSignaturesAvailable: false,
    isTypedSignaturesAvailable: false,
  },
  enableSignerAccessCodes: true,
};

async function businessOwner(): Promise<Session> {
  const user = await authClient(t.app).loggedInUser();
  await setPlan(t.app, user.id, 'business');
  return user;
}

const uploadAsset = (session: { accessToken: string }, bytes: Buffer, fileName = 'logo.png') =>
  uploadAssetAs(t.app, session, bytes, fileName);

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 80, b: 200 } } });

describe('GET and PATCH user/company', () => {
  it('answers the defaults before the first save, then saves and answers what was saved', async () => {
    const owner = await businessOwner();
    const before = await call(owner, 'GET', '/user/company');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<CompanySettings>()).toEqual({
      companyLogoUrl: null,
      companyName: null,
      companyEmail: null,
      emailTemplate: null,
      redirectionPage: null,
      tagline: null,
      industry: null,
      signatureTypesPreferences: {
        isDrawnSignaturesAvailable: true,
        isUploadedSignaturesAvailable: true,
        isTypedSignaturesAvailable: true,
      },
      enableSignerAccessCodes: false,
      isAvailable: true,
    });
    const saved = await call(owner, 'PATCH', '/user/company', { ...settings, companyName: '  Acme Ltd  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CompanySettings>()).toMatchObject(settings);
    expect((await call(owner, 'GET', '/user/company')).json()).toMatchObject(settings);
    // An emptied text is no text.
    const cleared = await call(owner, 'PATCH', '/user/company', { ...settings, tagline: '  ', redirectionPage: '' });
    expect(cleared.json<CompanySettings>()).toMatchObject({ tagline: null, redirectionPage: null });
  });

  it('refuses a redirection page that is not an http or https address with the spec message', async () => {
    const owner = await businessOwner();
    for (const redirectionPage of ['acme.example', 'ftp://acme.example', 'javascript:alert(1)', 'https://a b']) {
      const refused = await call(owner, 'PATCH', '/user/company', { ...settings, redirectionPage });
      expect(refused.statusCode, redirectionPage).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({
        property: 'redirectionPage',
        constraints: expect.objectContaining({}),
      });
      expect(Object.values(refused.json().errors[0].constraints)).toContain(MESSAGES.urlShouldStartWithHttp);
    }
    const http = await call(owner, 'PATCH', '/user/company', { ...settings, redirectionPage: 'http://acme.example' });
    expect(http.statusCode).toBe(200);
  });

  it('refuses turning every signature type off with the spec message', async () => {
    const owner = await businessOwner();
    const refused = await call(owner, 'PATCH', '/user/company', {
      ...settings,
      signatureTypesPreferences: {
        isDrawnSignaturesAvailable: false,
        isUploadedSignaturesAvailable: false,
        isTypedSignaturesAvailable: false,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(MESSAGES.atLeastOneSignatureType);
  });

  it('refuses control characters and over-long texts', async () => {
    const owner = await businessOwner();
    expect((await call(owner, 'PATCH', '/user/company', { ...settings, companyName: 'A\u0000' })).statusCode).toBe(400);
    expect((await call(owner, 'PATCH', '/user/company', { ...settings, tagline: 'x'.repeat(201) })).statusCode).toBe(
      400,
    );
  });

  it('is Business only: other plans read their settings but saving answers 403 QUOTA_EXCEEDED', async () => {
    for (const plan of ['free', 'personal'] as const) {
      const user = await authClient(t.app).loggedInUser();
      await setPlan(t.app, user.id, plan);
      const read = await call(user, 'GET', '/user/company');
      expect(read.json<CompanySettings>().isAvailable).toBe(false);
      const refused = await call(user, 'PATCH', '/user/company', settings);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: MESSAGES.companyBusinessOnly });
      const key = await uploadAsset(user, await picture(560, 100).png().toBuffer());
      expect((await call(user, 'PATCH', '/user/company/logo', { key })).statusCode).toBe(403);
    }
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await call(null, 'GET', '/user/company')).statusCode).toBe(401);
    expect((await call(null, 'PATCH', '/user/company', settings)).statusCode).toBe(401);
  });
});

describe('the company logo', () => {
  it('keeps an upload as a 280x50 PNG served at an address that changes with each upload, then removes it', async () => {
    const owner = await businessOwner();
    const key = await uploadAsset(owner, await picture(1120, 200).jpeg().toBuffer(), 'logo.jpg');
    const saved = await call(owner, 'PATCH', '/user/company/logo', { key });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = saved.json<CompanySettings>().companyLogoUrl ?? '';
    expect(first).toMatch(new RegExp(`^/api/v1/company-logos/${owner.id}/[0-9a-f-]{36}\\.png$`));
    const file = await t.app.inject({ method: 'GET', url: first });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 280, 50]);
    expect(await t.app.platform.storage.exists(key)).toBe(false);

    // A BMP is taken too (by content); the previous logo is no longer served.
    const bmp = await uploadAsset(owner, bmpOf(56, 10), 'logo.bmp');
    const second = (await call(owner, 'PATCH', '/user/company/logo', { key: bmp })).json<CompanySettings>();
    expect(second.companyLogoUrl).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.companyLogoUrl ?? '' })).statusCode).toBe(200);

    const removed = await call(owner, 'DELETE', '/user/company/logo');
    expect(removed.json<CompanySettings>().companyLogoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second.companyLogoUrl ?? '' })).statusCode).toBe(404);
  });

  it("refuses by content what is no jpg, png or bmp ('File format is not correct'), and another user's upload", async () => {
    const owner = await businessOwner();
    const text = await uploadAsset(owner, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png');
    const refused = await call(owner, 'PATCH', '/user/company/logo', { key: text });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.fileFormatNotCorrect);
    const gif = await uploadAsset(owner, await picture(56, 10).gif().toBuffer(), 'logo.png');
    expect((await call(owner, 'PATCH', '/user/company/logo', { key: gif })).json().message).toBe(
      MESSAGES.fileFormatNotCorrect,
    );
    const stranger = await businessOwner();
    const theirs = await uploadAsset(stranger, await picture(56, 10).png().toBuffer());
    const foreign = await call(owner, 'PATCH', '/user/company/logo', { key: theirs });
    expect(foreign.statusCode).toBe(400);
    expect(await t.app.platform.storage.exists(theirs)).toBe(true);
  });
});

/** A 24-bit BMP of one colour (sharp writes none). */
function bmpOf(width: number, height: number): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const pixels = Buffer.alloc(rowSize * height, 0x80);
  const header = Buffer.alloc(54);
  header.write('BM', 0);
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}
