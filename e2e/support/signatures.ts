import { expect, type Page } from '@playwright/test';

/**
 * Draws a stroke across the canvas `name` of the open dialog with the mouse (a signature or initials pad), once the
 * pad listens (DrawPad marks it `data-ready`) and the dialog has stopped moving (hover waits for a stable box).
 */
export async function drawOn(page: Page, name: string): Promise<void> {
  const canvas = page.getByRole('dialog').getByLabel(name);
  await expect(canvas).toHaveAttribute('data-ready', 'true');
  await canvas.hover();
  const box = await canvas.boundingBox();
  if (!box) throw new Error(`no canvas ${name}`);
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
}
