import { MESSAGES, REQUISITE_LIMITS } from '@esign/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusFile, documentClient } from '../../../test/documents.js';
import { pngBase64, requisiteCalls } from '../../../test/requisites.js';

let t: TestApp;
let owner: { id: string; headers: Record<string, string> };
let png: string;

const { call, createPair, list, follow } = requisiteCalls(
  () => t.app,
  () => png,
);

beforeAll(async () => {
  t = await createTestApp();
  const auth = authClient(t.app);
  const first = await auth.loggedInUser();
  owner = { id: first.id, headers: documentClient(t.app, first.accessToken).headers };
  png = await pngBase64();
});

afterAll(async () => {
  await t?.close();
});

describe('requisite images', () => {
  it('takes PNG, JPEG, GIF and BMP by content and stores PNG, upright', async () => {
    const samples = [
      corpusFile('images/jpeg_exif_orientation_6.jpg'),
      corpusFile('images/gif_animated_42_frames.gif'),
      corpusFile('images/bmp_v5_header_24bit.bmp'),
    ];
    for (const sample of samples) {
      const [sign] = await createPair(owner.headers, {
        requisites: [
          { type: 'sign', valueType: 'upload', image: `data:image/png;base64,${sample.toString('base64')}` },
          { type: 'initial', valueType: 'draw', image: png },
        ],
      });
      const stored = await follow(sign?.imageUrl ?? '');
      const metadata = await sharp(stored.rawPayload).metadata();
      expect(metadata.format).toBe('png');
    }
    const original = await sharp(corpusFile('images/jpeg_exif_orientation_6.jpg')).metadata();
    const [rotated] = await createPair(owner.headers, {
      requisites: [
        {
          type: 'sign',
          valueType: 'upload',
          image: corpusFile('images/jpeg_exif_orientation_6.jpg').toString('base64'),
        },
        { type: 'initial', valueType: 'draw', image: png },
      ],
    });
    const upright = await sharp((await follow(rotated?.imageUrl ?? '')).rawPayload).metadata();
    expect(upright.width).toBe(original.height);
  });

  it('refuses what is not an image whatever it claims to be, and stores nothing', async () => {
    const before = (await list(owner.headers, true)).length;
    for (const content of [corpusFile('pdf/pdf20_latex_2p.pdf'), Buffer.from('plain text, not a picture')]) {
      const response = await call('POST', '/requisites', owner.headers, {
        requisites: [
          { type: 'sign', valueType: 'upload', image: `data:image/png;base64,${content.toString('base64')}` },
          { type: 'initial', valueType: 'draw', image: png },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(MESSAGES.requisiteImageUnreadable);
    }
    expect((await list(owner.headers, true)).length).toBe(before);
  });

  it('refuses an image over 40 MB', async () => {
    const tooLarge = Buffer.alloc(REQUISITE_LIMITS.maxImageBytes + 1);
    Buffer.from(png, 'base64').copy(tooLarge);
    const response = await call('POST', '/requisites', owner.headers, {
      requisites: [
        { type: 'sign', valueType: 'upload', image: tooLarge.toString('base64') },
        { type: 'initial', valueType: 'draw', image: png },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(MESSAGES.maxImageSize);
  });
});
