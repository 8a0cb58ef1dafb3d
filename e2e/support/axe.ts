import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on any serious or critical accessibility violation of the page as it is once its transitions have ended
 * (colours checked halfway through a drawer's fade-in are not the ones a reader sees).
 */
export async function expectNoSeriousA11yViolations(page: Page, { soft = false } = {}): Promise<void> {
  await waitForTransitions(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  // Soft: a test going through many pages reports every page's violations at once.
  (soft ? expect.soft : expect)(serious, `${page.url()}`).toEqual([]);
}

/** Waits for the page's transitions to end (a modal's fade-in), so what is measured is what a reader sees. */
export async function waitForTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner runs forever; a transition that is cut short rejects.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
