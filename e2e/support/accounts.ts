import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface OutboxMail {
  id: string;
  to: string;
  /** The From header as sent (a company's 'From' name before the server's address). */
  from: string | null;
  html: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The outbox's key of the end-to-end server (DEV_MAIL_TOKEN in playwright.config.ts). */
export const OUTBOX_KEY = 'e2e-outbox-key';
/** The operator's key of the end-to-end server (OPERATOR_TOKEN in playwright.config.ts). */
export const OPERATOR_KEY = 'e2e-operator-key';

/** The environment of a built server the tests start: its port, fresh data folder and public address. */
export function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${port}`,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DEV_MAIL_TOKEN: OUTBOX_KEY,
    OPERATOR_TOKEN: OPERATOR_KEY,
    // The webhook tests' receiver listens on this machine.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    // The single sign-on journey's OpenID provider listens on this machine, over http.
    SSO_ALLOW_PRIVATE: 'true',
  };
}

/** Puts an account on a plan, as an operator does until billing exists. */
export async function setPlan(request: APIRequestContext, email: string, planType: 'free' | 'personal' | 'business') {
  const response = await request.patch('/api/v1/operator/users/plan', {
    headers: { authorization: `Bearer ${OPERATOR_KEY}` },
    data: { email, planType },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

let counter = 0;
/** Every test makes its own user, so tests run in parallel. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

/** Every mail the outbox holds for `to`. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const mails = (await (
    await request.get('/api/v1/dev/mail', { headers: { authorization: `Bearer ${OUTBOX_KEY}` } })
  ).json()) as OutboxMail[];
  return mails.filter((mail) => mail.to === to);
}

/** Waits for the server's job queue to put a mail for `to` into the outbox. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).find((mail) => subject.test(mail.subject));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/** The first link of a mail's plain-text part. */
export function firstLink(mail: OutboxMail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
}

/** A confirmed account made through the API, for tests whose subject is not sign-up itself. */
export async function createConfirmedUser(request: APIRequestContext, name = 'Grace Hopper') {
  const email = uniqueEmail();
  const password = 'secret1';
  const signUp = await request.post('/api/v1/auth/sign_up', { data: { name, email, password } });
  expect(signUp.ok()).toBe(true);
  const mail = await waitForMail(request, email, /confirm/i);
  const token = new URL(firstLink(mail)).searchParams.get('emailConfirmationToken');
  const confirm = await request.post('/api/v1/auth/confirm_email/confirm', { data: { token } });
  expect(confirm.ok()).toBe(true);
  return { name, email, password };
}

/** Fills the log-in page and sends it; what follows (a second factor, an error) is the caller's to check. */
export async function submitLogIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs `user` in through the log-in page and waits for the documents page. */
export async function logIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await submitLogIn(page, user);
  await expect(page).toHaveURL(/\/sign$/);
}

/** A new confirmed account, logged in through the log-in page. */
export async function logInNewUser(page: Page, name?: string) {
  const user = await createConfirmedUser(page.request, name);
  await logIn(page, user);
  return user;
}
