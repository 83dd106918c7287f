// axe-core on every page of every role (issue 20 item 4): no serious or critical violation of
// WCAG 2.1 A/AA (colour contrast, names of buttons and links, labels, landmarks…).
import { expect } from 'chai';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, newContext, serve, signInThroughForm } from '../support/browser.js';
import { DEMO_ACCOUNTS } from '../support/demo.js';
import { DEMO_PASSWORD } from '../../server/demo/accounts.js';
import { awaitingPetNum, demoPopulation, ownedPetNum } from '../integration/results/population.js';
import { testDb } from '../support/database.js';
import { seriousViolations, type PageViolations } from '../support/axe.js';

type Role = keyof typeof DEMO_ACCOUNTS | 'anonymous';

const RESULTS_PAGES = ['profile', 'summary', 'research-surveys', 'breed-and-ancestry', 'health', 'health/breed-relevant', 'health/other', 'relatives', 'traits', 'care'];

describe('accessibility of every page (axe-core)', function () {
  this.timeout(600_000);
  let browser: Browser;
  let site: Awaited<ReturnType<typeof serve>>;
  let pages: Record<Role, string[]>;

  before(async () => {
    site = await serve(await demoPopulation());
    const biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    const maple = await ownedPetNum('parent@demo.test', 'Maple');
    const nova = await awaitingPetNum();
    const otis = (await (await testDb())('practice_patients').join('pets', 'pets.pet_num', 'practice_patients.pet_num').where('pets.name', 'Otis').first('practice_patients.id')).id;
    const results = (petNum: number) => RESULTS_PAGES.map((name) => `/members/results/${name}?i=${petNum}`);
    pages = {
      anonymous: ['/', '/login', '/signup', '/help', '/contact', '/vets', '/breeders', '/dog/biscuit', '/dog/maple', '/forgot-password', '/vets/signup'],
      parent: [
        '/members',
        '/members/messages',
        '/members/chat',
        '/members/activate',
        '/members/profile',
        '/members/add-a-dog',
        `/members/pet/about/${biscuit}`,
        `/members/nutrition?i=${biscuit}`,
        '/members/forbidden/read-only-account',
        '/dog/biscuit?compareMix=maple',
        '/dog/maple',
        '/related/biscuit/maple',
        '/members/forbidden/shared-pet-operation-no-permission',
        ...results(biscuit),
        `/members/results/summary?i=${maple}`,
        `/members/results/health?i=${maple}&vetShare=sent&vetShareError=email-invalid`,
      ],
      breeder: [
        '/members',
        '/breeders/breeder-profile',
        '/breeders/pair-predictor',
        '/members/breeder-tools/matchmaker',
        '/members/breeder-dog-settings/privacy',
        `/members/results/summary?i=${nova}`,
        `/members/results/health?i=${nova}`,
      ],
      vet: ['/members', '/members?q=o', `/members/patients/${otis}`, '/members/shopify/vet', `/members/results/summary?i=${biscuit}`, `/members/results/health?i=${biscuit}`, `/members/results/breed-and-ancestry?i=${biscuit}`],
      admin: ['/members', '/admin', '/admin/lab', '/admin/outbox', '/cs/impersonate', '/admin/data-table/pets_info?searchParam=a', '/admin/data-table/users', '/admin/surveys', '/admin/serial-scanning', '/admin/serial-scanning/search?code=EM-DEMO-0001', `/members/results/traits?i=${biscuit}`],
      subadmin: ['/members', '/cs/impersonate'],
      newbie: ['/members', '/members/activate'],
    };
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await site?.close();
  });

  async function contextFor(role: Role, viewport?: { width: number; height: number }): Promise<BrowserContext> {
    const context = await newContext(browser, viewport);
    if (role !== 'anonymous') await signInThroughForm(await context.newPage(), site.origin, DEMO_ACCOUNTS[role].email, DEMO_PASSWORD);
    return context;
  }

  async function auditRole(role: Role, viewport?: { width: number; height: number }): Promise<PageViolations[]> {
    const context = await contextFor(role, viewport);
    const found: PageViolations[] = [];
    try {
      const page = await context.newPage();
      for (const path of pages[role]) {
        const response = await page.goto(`${site.origin}${path}`);
        // The forbidden pages answer 403 by design; they still must be accessible.
        expect(response?.status(), `${role} ${path}`).to.be.lessThan(500);
        // Widgets mount before the ready marker (spec 2 §4), so axe sees the enhanced page.
        await page.waitForSelector('body.page-ready', { timeout: 10_000 }).catch(() => undefined);
        const violations = await seriousViolations(page);
        if (violations.length) found.push({ role, path, violations });
      }
    } finally {
      await context.close();
    }
    return found;
  }

  for (const role of ['anonymous', 'parent', 'breeder', 'vet', 'admin', 'subadmin', 'newbie'] as const) {
    it(`finds no serious or critical violation on the ${role} pages`, async () => {
      const found = await auditRole(role);
      expect(found.map(report).join('\n'), 'axe violations').to.equal('');
    });
  }

  it('finds none on a phone either (390 px: the results navigation, the health page)', async () => {
    pages.parent = pages.parent.filter((path) => /results\/(summary|health|traits|relatives)\?/.test(path) || path === '/members');
    const found = await auditRole('parent', { width: 390, height: 844 });
    expect(found.map(report).join('\n'), 'axe violations').to.equal('');
  });
});

function report({ role, path, violations }: PageViolations): string {
  return violations.map((v) => `${role} ${path}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.slice(0, 4).join(' | ')}`).join('\n');
}
