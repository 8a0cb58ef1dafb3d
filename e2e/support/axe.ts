import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on any serious or critical accessibility violation of the page as it is once its transitions have ended
 * (colours checked halfway through a drawer's fade-in are not the ones a reader sees). A transition that began
 * while the page was being checked (a toast closing itself) makes that check's colours unreliable too: the page is
 * checked again once it has ended, and when an element found at fault has gone since.
 */
export async function expectNoSeriousA11yViolations(page: Page, { soft = false } = {}): Promise<void> {
  let serious = await seriousViolations(page);
  for (let attempt = 0; serious.length > 0 && attempt < 2 && (await changedSince(page, serious)); attempt += 1) {
    serious = await seriousViolations(page);
  }
  // Soft: a test going through many pages reports every page's violations at once.
  (soft ? expect.soft : expect)(serious, `${page.url()}`).toEqual([]);
}

async function seriousViolations(page: Page) {
  await waitForTransitions(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Whether a transition that ends (not a spinner) is running now, or an element found at fault has left the page. */
function changedSince(page: Page, serious: { targets: string[] }[]): Promise<boolean> {
  const targets = serious.flatMap((violation) => violation.targets);
  return page.evaluate(
    (selectors) =>
      document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        ) ||
      selectors.some((selector) => {
        try {
          return document.querySelector(selector) === null;
        } catch {
          return false; // a target inside a frame or a shadow root: not looked up here
        }
      }),
    targets,
  );
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
