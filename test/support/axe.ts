import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

export interface PageViolations {
  role: string;
  path: string;
  violations: Violation[];
}

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it stands. */
export async function seriousViolations(page: Page, include?: string): Promise<Violation[]> {
  // label-content-name-mismatch (WCAG 2.5.3, Label in Name) is off in axe by default: an outside audit runs it, so do we.
  // Legacy mode runs axe.run in the page itself: the default opens a blank page per scan to merge
  // the frames' results, and the site's pages have no frames.
  let builder = new AxeBuilder({ page }).setLegacyMode().withTags(WCAG_AA).options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((node) => node.target.join(' ')) }));
}
