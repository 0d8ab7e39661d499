/**
 * axe-core (Deque's engine, through @axe-core/playwright) over what the page shows now: its serious and critical
 * violations as lines, one per offending element, for an assertion's message. Moderate and minor findings are left
 * to a person reading the full report (`npx playwright test e2e/browser/accessibility.spec.ts` prints none of them).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function axeLines(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `axe ${violation.id} (${String(violation.impact)}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? violation.help}`,
      ),
    );
}
