/**
 * axe-core in a Playwright page: injects axe's source (the context needs `bypassCSP: true`, the product's
 * Content-Security-Policy allows no inline script), waits for the page to settle and runs every rule.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from './harness.ts';

export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
export type Impact = (typeof IMPACTS)[number];

/** One rule that failed on the page, with the elements it failed on. */
export type AxeViolation = {
  id: string;
  impact: Impact;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
};

/**
 * One scan: the page or modal, its language, what axe found, and how many elements' colour contrast axe could
 * not decide (text over an image, a gradient or overlapping layers: "needs review", not a violation).
 */
export type AxeScan = { name: string; lang: string; violations: AxeViolation[]; contrastToReview: string[] };

/** Violations that fail the suite. */
export function isBlocking(violation: AxeViolation): boolean {
  return violation.impact === 'critical' || violation.impact === 'serious';
}

/**
 * Waits until what the user sees has settled: no loading block, nothing busy, and the finite CSS animations
 * and transitions (a modal fading in, a bar growing) finished — colours read mid-fade are not the page's.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('.loading-block, [aria-busy="true"], .auth-skeleton') === null &&
      document.fonts.status === 'loaded',
    undefined,
    { timeout: 30_000 },
  );
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map(async (animation) => animation.finished.catch(() => undefined)));
  });
}

/** Runs axe on the whole document (once the page has settled): its violations, and the contrasts to review. */
export async function runAxe(page: Page): Promise<Pick<AxeScan, 'violations' | 'contrastToReview'>> {
  await waitForSettled(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const results = await engine.run(document, { resultTypes: ['violations'] });
    const violations = results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        html: node.html.slice(0, 200),
        summary: node.failureSummary ?? '',
      })),
    }));
    const contrast = results.incomplete.find((result) => result.id === 'color-contrast');
    const contrastToReview = (contrast?.nodes ?? []).map(
      (node) => `${node.target.map(String).join(' ')}: ${node.failureSummary ?? ''}`,
    );
    return { violations, contrastToReview };
  });
}

/** Per impact, how many rules failed (each rule counted once, however many elements it failed on). */
export function countByImpact(violations: readonly AxeViolation[]): Record<Impact, number> {
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const violation of violations) counts[violation.impact] += 1;
  return counts;
}

/** The serious and critical violations of the scans as a list a person reads: rule, impact, target, help. */
export function describeBlocking(scans: readonly AxeScan[]): string {
  const lines: string[] = [];
  for (const scan of scans) {
    const blocking = scan.violations.filter(isBlocking);
    if (blocking.length === 0) continue;
    lines.push(`${scan.name} (${scan.lang}):`);
    for (const violation of blocking) {
      lines.push(`  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`);
      for (const node of violation.nodes.slice(0, 5)) {
        lines.push(`      ${node.target}`);
        lines.push(`        ${node.html}`);
        for (const line of node.summary.split('\n').slice(0, 3)) lines.push(`        ${line.trim()}`);
      }
      if (violation.nodes.length > 5) lines.push(`      … and ${String(violation.nodes.length - 5)} more elements`);
    }
  }
  return lines.join('\n');
}

/**
 * A Markdown table of the scans (violated rules by impact, and which), kept in e2e/artifacts/axe-results.md with
 * every violation's elements in axe-results.json.
 */
export function writeSummary(scans: readonly AxeScan[]): string {
  const rows = [
    '| Page or modal | Lang | critical | serious | moderate | minor | Rules | Contrast to review |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...scans.map((scan) => {
      const counts = countByImpact(scan.violations);
      const rules = scan.violations.map((violation) => `${violation.id} (${violation.impact})`).join(', ');
      return `| ${scan.name} | ${scan.lang} | ${IMPACTS.map((impact) => String(counts[impact])).join(' | ')} | ${rules === '' ? '—' : rules} | ${String(scan.contrastToReview.length)} |`;
    }),
  ];
  const table = rows.join('\n');
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, 'axe-results.md'), `${table}\n`);
  writeFileSync(path.join(ARTIFACTS, 'axe-results.json'), `${JSON.stringify(scans, null, 2)}\n`);
  return table;
}
