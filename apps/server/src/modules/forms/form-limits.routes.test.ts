import type { Document } from '@esign/shared';
import { MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { formClient, visitor } from '../../../test/forms.js';
import { setPlan } from '../../../test/templates.js';

let t: TestApp;
let forms: ReturnType<typeof formClient>;
beforeAll(async () => {
  // Small limits, as FORM_LIMIT_PER_IP=2 and FORM_LIMIT_PER_FORM=3 would set them.
  t = await createTestApp({
    config: { formLimits: { perIp: { count: 2, seconds: 60 }, perForm: { count: 3, seconds: 3600 } } },
  });
  const owner = await authClient(t.app).loggedInUser();
  await setPlan(t.app, owner.id, 'business');
  forms = formClient(t.app, owner.accessToken);
});
afterAll(async () => {
  await t?.close();
});

const submit = (form: Document, ip: string) =>
  visitor(t.app, ip).submit(form.id, { name: 'Ann Lee', email: uniqueEmail('ann') });

describe('the submission limits', () => {
  it('answers 429 with Retry-After past the limit of one address, not to another address', async () => {
    const form = await forms.live();
    expect((await submit(form, '192.0.2.1')).statusCode).toBe(200);
    expect((await submit(form, '192.0.2.1')).statusCode).toBe(200);
    const limited = await submit(form, '192.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyFormSubmissions });
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await submit(form, '192.0.2.2')).statusCode).toBe(200);
  });

  it('answers 429 past the limit of one form from all addresses, and counts them one by one in parallel', async () => {
    const form = await forms.live();
    const answers = await Promise.all(
      ['192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14', '192.0.2.15'].map((ip) => submit(form, ip)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const limited = answers.find((answer) => answer.statusCode === 429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(60);
  });
});
