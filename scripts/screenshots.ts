// `npm run screenshots`: PNGs of the main pages at a phone (390 px) and a laptop (1280 px) width
// under docs/screenshots/, taken in Chromium from an app on a test database with the demo
// accounts and a simulated population of 160 tested dogs (DATABASE_URL, or in-memory PGlite).
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { launchChromium, newContext, serve, signInThroughForm } from '../test/support/browser.js';
import { demoPopulation, ownedPetNum } from '../test/integration/results/population.js';
import { DEMO_ACCOUNTS } from '../test/support/demo.js';
import { DEMO_PASSWORD } from '../server/demo/accounts.js';
import { closeTestDatabase } from '../test/support/database.js';

const WIDTHS = [390, 1280];
const OUT_DIR = new URL('../docs/screenshots/', import.meta.url);

async function settle(page: Page): Promise<void> {
  await page.waitForSelector('body.page-ready', { timeout: 15_000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await settle(page);
  const file = new URL(`${name}-${width}.png`, OUT_DIR);
  await page.screenshot({ path: file.pathname, fullPage: true });
  console.log(`docs/screenshots/${name}-${width}.png`);
}

await mkdir(OUT_DIR, { recursive: true });
console.log('Loading the demo data and 160 simulated dogs...');
const site = await serve(await demoPopulation());
const biscuit = await ownedPetNum(DEMO_ACCOUNTS.parent.email, 'Biscuit');
const browser = await launchChromium();
try {
  for (const width of WIDTHS) {
    const context = await newContext(browser, { width, height: width < 600 ? 844 : 800 });
    const page = await context.newPage();
    await page.goto(`${site.origin}/`);
    await shoot(page, 'home', width);
    await signInThroughForm(page, site.origin, DEMO_ACCOUNTS.parent.email, DEMO_PASSWORD);
    const pages: [string, string][] = [
      ['summary', `/members/results/summary?i=${biscuit}`],
      ['health', `/members/results/health?i=${biscuit}`],
      ['traits', `/members/results/traits?i=${biscuit}`],
      ['relatives', `/members/results/relatives?i=${biscuit}`],
      ['chat', '/members/messages'],
      ['settings', '/members/profile'],
    ];
    for (const [name, path] of pages) {
      await page.goto(`${site.origin}${path}`);
      await shoot(page, name, width);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
  await closeTestDatabase();
}
