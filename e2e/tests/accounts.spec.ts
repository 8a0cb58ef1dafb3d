import { expect, type Page, test } from '@playwright/test';
import { createConfirmedUser, firstLink, logIn, submitLogIn, uniqueEmail, waitForMail } from '../support/accounts.js';

async function logOut(page: Page) {
  const userMenu = page.getByRole('button', { name: /account menu/i });
  await userMenu.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a new user signs up, confirms through the mailed link, logs in, sees /sign and logs out', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  await page.goto(`/signup?name=${encodeURIComponent('Ada Lovelace')}&email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  const signUp = page.getByRole('button', { name: 'Sign up' });

  await page.getByLabel('Password').fill('secret');
  await page.getByLabel('Password').blur();
  await expect(page.getByText('Password must have at least one digit')).toBeVisible();
  await expect(signUp).toBeDisabled();
  await page.getByLabel('Password').fill('secret1');
  await expect(signUp).toBeEnabled();
  await signUp.click();

  await expect(page).toHaveURL(/\/confirm-account$/);
  await expect(page.getByText(email)).toBeVisible();

  const mail = await waitForMail(request, email, /confirm/i);
  await page.goto(firstLink(mail));
  await expect(page.getByText('Email confirmed')).toBeVisible();

  await logIn(page, { email, password: 'secret1' });
  await expect(page.getByRole('heading', { name: 'Who needs to sign?' })).toBeVisible();
  await expect(page.getByText('0 of 3 signature requests this month')).toBeVisible();

  await logOut(page);
  await page.goto('/sign');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the error on the form and keeps the user logged out', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await submitLogIn(page, { email: user.email, password: 'wrong-password1' });
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unconfirmed user is offered the confirmation mail again', async ({ page, request }) => {
  const email = uniqueEmail('unconfirmed');
  await request.post('/api/v1/auth/sign_up', { data: { name: 'Alan Turing', email, password: 'secret1' } });
  await submitLogIn(page, { email, password: 'secret1' });
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('Email has been sent')).toBeVisible();
});

test('a user who forgot the password resets it through the mailed link', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/reset$/);
  // The log-in form (with its own Email box) stays on screen until the reset page's code has loaded.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(
    page.getByText('If that is a valid address, we have sent an email to it to reset your password.'),
  ).toBeVisible();

  const mail = await waitForMail(request, user.email, /reset/i);
  await page.goto(firstLink(mail));
  await page.getByLabel('Password', { exact: true }).fill('newsecret2');
  await page.getByLabel('Confirm password').fill('newsecret3');
  await page.getByLabel('Confirm password').blur();
  await expect(page.getByText('Password and confirmation password do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('newsecret2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password successfully changed')).toBeVisible();

  await submitLogIn(page, user);
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await logIn(page, { email: user.email, password: 'newsecret2' });
});

test('the reset page changes the password on the first click after both fields are typed', async ({
  page,
  request,
}) => {
  // Cause: leaving the password field checked the still empty confirmation (the password's `deps`) and showed its
  // error; typing the confirmation did not check it again (not yet touched), so the click's blur removed the error,
  // the button moved up under the pointer between press and release, and the click was lost.
  const user = await createConfirmedUser(request);
  await request.post('/api/v1/auth/change_password/send_mail', { data: { email: user.email } });
  const mail = await waitForMail(request, user.email, /reset/i);
  await page.goto(firstLink(mail));
  await page.getByLabel('Password', { exact: true }).fill('newsecret2');
  await page.getByLabel('Confirm password').fill('newsecret2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password successfully changed')).toBeVisible();
});
