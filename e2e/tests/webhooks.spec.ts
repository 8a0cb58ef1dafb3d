import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiSession, useSession } from '../support/documents.js';

test('an owner adds a webhook, copies its secret, sends a test event and sees it in the delivery log', async ({
  page,
}) => {
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    received.push(String(request.headers['webhook-id']));
    request.resume();
    response.writeHead(200).end('thanks');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const owner = await apiSession(page.request, 'Wendy Webhook');
    await useSession(page, owner);
    await page.goto('/settings/api');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByRole('checkbox', { name: 'document.viewed' }).uncheck();
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await expect(page.getByTestId('webhook-secret')).toContainText('whsec_');
    await page.screenshot({ path: 'test-results/webhook-secret.png' });
    await page.keyboard.press('Escape');

    await expect(page.getByRole('cell', { name: url })).toBeVisible();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => received.length).toBe(1);
    await page.getByRole('button', { name: 'Deliveries' }).click();
    const delivery = page.getByTestId('webhook-delivery');
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText(received[0] ?? '');
    await delivery.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]).toBe(received[0]);
    await delivery.getByRole('button', { name: 'Tries' }).click();
    await expect(page.getByText('By hand')).toBeVisible();
    await page.screenshot({ path: 'test-results/webhook-log.png' });
  } finally {
    receiver.close();
  }
});
