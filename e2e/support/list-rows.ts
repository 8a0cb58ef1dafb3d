import type { Page } from '@playwright/test';

/** A list page's row (documents, templates, forms) by the text it shows. */
export const row = (page: Page, title: string) => page.getByTestId('document-row').filter({ hasText: title });

/** Opens a row's actions menu and chooses `action`. */
export async function rowAction(page: Page, title: string, action: string) {
  await row(page, title)
    .first()
    .getByRole('button', { name: `Actions of ${title}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}
