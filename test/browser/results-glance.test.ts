// Results that read at a glance (issue 20 item 3) and pages useful before scripts run (item 5):
// the health summary and its folded clear results, traits as cards, breed info as ARIA tabs with
// arrow keys, the results navigation as one sideways-scrolling row on a phone, and the relatives
// page's first five rendered on the server (checked with JavaScript off).
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sharedChromium, closeContexts, newContext, serve, signInThroughRequest } from '../support/browser.js';
import { DEMO_ACCOUNTS } from '../support/demo.js';
import { DEMO_PASSWORD } from '../../server/demo/accounts.js';
import { demoPopulation, ownedPetNum } from '../integration/results/population.js';
import { testDb } from '../support/database.js';
import { relativesOf } from '../../server/relatives/queries.js';

describe('results at a glance in the browser', function () {
  this.timeout(300_000);
  let browser: Browser;
  let site: Awaited<ReturnType<typeof serve>>;
  let biscuit: number;
  let atRiskDog: number;
  const contexts: BrowserContext[] = [];

  async function signedInPage(options: { width?: number; javaScript?: boolean } = {}): Promise<Page> {
    const viewport = { width: options.width ?? 1280, height: 800 };
    const context = options.javaScript === false ? await browser.newContext({ viewport, javaScriptEnabled: false }) : await newContext(browser, viewport);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    if (options.javaScript === false) {
      // The sign-in form posts its _csrf without scripts too.
      await page.goto(`${site.origin}/login`);
      await page.fill('#email', DEMO_ACCOUNTS.parent.email);
      await page.fill('#password', DEMO_PASSWORD);
      await Promise.all([page.waitForURL(`${site.origin}/members`), page.click('button[type="submit"]')]);
    } else {
      await signInThroughRequest(page.context(), site.origin, DEMO_ACCOUNTS.parent.email, DEMO_PASSWORD);
    }
    return page;
  }

  before(async () => {
    site = await serve(await demoPopulation());
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    const db = await testDb();
    atRiskDog = (await db('health_results').where({ call: 'at_risk' }).orderBy('pet_num').first('pet_num')).pet_num;
    const parent = await db('users').where({ email: 'parent@demo.test' }).first('id');
    await db('pet_owners').insert({ pet_num: atRiskDog, user_id: parent.id, permission: 'read' }).onConflict(['pet_num', 'user_id']).ignore();
    browser = await sharedChromium();
  });

  after(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await closeContexts(browser);
    await site?.close();
  });

  it('opens the health page with the counts, the results that matter shown and clear ones folded by group', async () => {
    const page = await signedInPage({ javaScript: false });
    await page.goto(`${site.origin}/members/results/health?i=${atRiskDog}`);
    const db = await testDb();
    const calls: { call: string }[] = await db('health_results').where({ pet_num: atRiskDog }).select('call');
    const count = (call: string) => String(calls.filter((c) => c.call === call).length);
    expect(await page.locator('[data-count="at-risk"]').innerText()).to.equal(count('at_risk'));
    expect(await page.locator('[data-count="carrier"]').innerText()).to.equal(count('carrier'));
    expect(await page.locator('[data-count="clear"]').innerText()).to.equal(count('clear'));
    // The summary comes before any condition.
    const summaryTop = (await page.locator('[data-health-counts]').boundingBox())!.y;
    const firstCondition = page.locator('[data-health-attention] .health-condition').first();
    expect((await firstCondition.boundingBox())!.y).to.be.greaterThan(summaryTop);

    // At-risk and carrier results are listed in the open; no clear result among them.
    const attention = await page.locator('[data-health-attention] .health-condition').evaluateAll((els) => els.map((el) => el.getAttribute('data-call')));
    expect(attention.length).to.equal(Number(count('at_risk')) + Number(count('carrier')));
    expect(attention[0]).to.equal('at_risk');
    expect(attention.every((call) => call === 'at_risk' || call === 'carrier')).to.equal(true);
    expect(await firstCondition.locator('.health-condition__name').isVisible()).to.equal(true);

    // Clear results wait folded in their groups, which open without scripts.
    const group = page.locator('[data-health-group="clear-other"]');
    expect(await group.getAttribute('open')).to.equal(null);
    const clearOne = group.locator('.health-condition').first();
    expect(await clearOne.isVisible()).to.equal(false);
    expect(await group.locator('.health-group__count').innerText()).to.equal(String(await group.locator('.health-condition').count()));
    await group.locator('summary').first().click();
    expect(await clearOne.isVisible()).to.equal(true);
    expect(await clearOne.getAttribute('data-call')).to.equal('clear');

    // Each status reads in its own colour: a clear badge is not the alarm red of at risk.
    await clearOne.evaluate((el) => el.closest('details')!.setAttribute('open', ''));
    const background = (call: string) => page.locator(`.health-condition[data-call="${call}"] .badge--${call}`).first().evaluate((el) => getComputedStyle(el).backgroundColor);
    const colours = { atRisk: await background('at_risk'), clear: await background('clear') };
    expect(colours.clear).to.not.equal(colours.atRisk);
  });

  it('shows the traits as cards with the genotype and what it means', async () => {
    const page = await signedInPage();
    await page.goto(`${site.origin}/members/results/traits?i=${biscuit}`);
    const cards = page.locator('.trait-card');
    expect(await cards.count()).to.be.greaterThan(5);
    const first = cards.first();
    expect(await first.locator('.trait-card__name').innerText()).to.not.equal('');
    expect(await first.locator('.genotype').innerText()).to.match(/\S/);
    expect(await first.locator('.trait-card__meaning').innerText()).to.match(/\S/);
    // Cards sit side by side on a wide screen.
    const boxes = await page.locator('.trait-category').first().locator('.trait-card').evaluateAll((els) => els.slice(0, 2).map((el) => el.getBoundingClientRect().top));
    if (boxes.length === 2) expect(boxes[0]).to.equal(boxes[1]);
    await first.locator('summary').click();
    expect(await first.locator('.trait-card__about p').first().isVisible()).to.equal(true);
  });

  it('turns the breed info into ARIA tabs that arrow keys, Home and End move between', async () => {
    const page = await signedInPage();
    await page.goto(`${site.origin}/members/results/breed-and-ancestry?i=${biscuit}`);
    const info = page.locator('.breed-info').first();
    expect(await info.getAttribute('open')).to.not.equal(null);
    const tablist = info.locator('[role="tablist"]');
    await tablist.waitFor();
    const tabs = tablist.locator('[role="tab"]');
    expect(await tabs.allInnerTexts()).to.deep.equal(['Description', 'Embark dogs', 'Stats']);
    const selected = () => tabs.evaluateAll((els) => els.map((el) => el.getAttribute('aria-selected')));
    const visiblePanels = () => info.locator('[role="tabpanel"]').evaluateAll((els) => els.filter((el) => !(el as HTMLElement).hidden).map((el) => el.id));
    expect(await selected()).to.deep.equal(['true', 'false', 'false']);
    expect(await visiblePanels()).to.have.length(1);
    expect((await visiblePanels())[0]).to.match(/-description$/);
    expect(await tabs.nth(1).getAttribute('tabindex')).to.equal('-1');

    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await selected()).to.deep.equal(['false', 'true', 'false']);
    expect(await tabs.nth(1).evaluate((el) => el === document.activeElement)).to.equal(true);
    expect((await visiblePanels())[0]).to.match(/-embark-dogs$/);
    await page.keyboard.press('End');
    expect(await selected()).to.deep.equal(['false', 'false', 'true']);
    await page.keyboard.press('ArrowRight'); // wraps round
    expect(await selected()).to.deep.equal(['true', 'false', 'false']);
    await page.keyboard.press('ArrowLeft');
    expect(await selected()).to.deep.equal(['false', 'false', 'true']);
    await page.keyboard.press('Home');
    expect(await selected()).to.deep.equal(['true', 'false', 'false']);
    await tabs.nth(2).click();
    expect((await visiblePanels())[0]).to.match(/-stats$/);
    const panel = info.locator('[role="tabpanel"]:not([hidden])');
    expect(await panel.getAttribute('aria-labelledby')).to.equal(await tabs.nth(2).getAttribute('id'));
    expect(await panel.innerText()).to.include('Tested dogs with this breed');
  });

  it('keeps every breed info panel readable without scripts', async () => {
    const page = await signedInPage({ javaScript: false });
    await page.goto(`${site.origin}/members/results/breed-and-ancestry?i=${biscuit}`);
    const info = page.locator('.breed-info').first();
    for (const panel of ['description', 'embark-dogs', 'stats']) expect(await info.locator(`[id$="-${panel}"]`).isVisible(), panel).to.equal(true);
  });

  it('puts the results navigation in one row that scrolls sideways on a phone', async () => {
    const page = await signedInPage({ width: 390 });
    await page.goto(`${site.origin}/members/results/health?i=${biscuit}`);
    const nav = page.locator('.results-nav');
    const tops = await nav.locator('.results-nav__button').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(tops.length).to.be.greaterThan(5);
    expect(new Set(tops).size, 'rows of buttons').to.equal(1);
    const scroll = await nav.evaluate((el) => {
      el.scrollLeft = 0; // it starts scrolled to the active pill (Health)
      const before = el.scrollLeft;
      el.scrollLeft = 200;
      return { overflows: el.scrollWidth > el.clientWidth, moved: el.scrollLeft > before, pageWidth: document.documentElement.scrollWidth };
    });
    expect(scroll.overflows).to.equal(true);
    expect(scroll.moved).to.equal(true);
    expect(scroll.pageWidth, 'the page itself does not scroll sideways').to.be.at.most(390);
  });

  it('renders the first five relatives on the server, readable with JavaScript off', async () => {
    const relatives = await relativesOf(await testDb(), biscuit, null);
    const page = await signedInPage({ javaScript: false });
    await page.goto(`${site.origin}/members/results/relatives?i=${biscuit}`);
    const cards = page.locator('.relative-card');
    const expected = Math.min(5, relatives.length);
    expect(expected).to.be.greaterThan(0);
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-handle')))).to.deep.equal(relatives.slice(0, 5).map((r) => r.handle));
    expect(await cards.count()).to.equal(expected);
    const first = cards.first();
    expect(await first.locator('.relative-card__name a').getAttribute('href')).to.match(/^\/dog\//);
    expect(await first.locator('.relative-card__relatedness').innerText()).to.match(/Shares [\d.]+% of DNA/);
    // 'Chat with owner' for each relative a member owns (a patient its practice registered has no one to chat with yet)
    const chatLinks = await cards.evaluateAll((els) => els.map((el) => el.querySelector('.relative-card__chat')?.getAttribute('href') ?? null));
    expect(chatLinks.map((href) => href !== null)).to.deep.equal(relatives.slice(0, 5).map((r) => r.hasOwner && !r.isYourDog));
    expect(chatLinks.filter((href) => href !== null).every((href) => /^\/members\/chat\?to=/.test(href!))).to.equal(true);
    expect(await page.locator('.relatives__loading').count()).to.equal(0);

    // With scripts the widget takes over the same list and adds Show More when there are more.
    const live = await signedInPage();
    await live.goto(`${site.origin}/members/results/relatives?i=${biscuit}`);
    await live.waitForSelector('body.page-ready');
    await live.waitForFunction(() => document.querySelector('.relatives__loading') === null);
    expect(await live.locator('.relative-card').evaluateAll((els) => els.map((el) => el.getAttribute('data-handle')))).to.deep.equal(
      await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-handle'))),
    );
    expect(await live.locator('.relatives__more').count()).to.equal(relatives.length > 5 ? 1 : 0);
  });
});
