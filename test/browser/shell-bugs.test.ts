// The shell bugs of issue 20, each checked the way a person would have noticed it in Chromium:
// alarm-red 'Clear' badges, the favicon 404, a strip of content under the sticky header, and a
// footer naming the wrong dog.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoBrowserSuite } from '../support/browser.js';
import { awaitingPetNum } from '../integration/results/population.js';

function rgb(colour: string): number[] {
  return (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

/** WCAG 2 contrast ratio of two computed colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = rgb(colour).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('shell bugs of issue 20 in the browser', function () {
  this.timeout(240_000);
  const site = demoBrowserSuite();
  let page: Page;

  before(async () => {
  });

  beforeEach(async () => {
    page = await site.newPage();
  });

  const coloursOf = (selector: string) =>
    page.locator(selector).first().evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, text: style.color };
    });

  it('draws each health result in its own colour, a clear result green and never alarm-red, all readable (AA)', async () => {
    await site.signIn(page, 'parent');
    await page.goto(`${site.origin}/members/results/health?i=${site.biscuit}`);
    expect(await page.locator('.badge--clear').count()).to.be.greaterThan(0);
    const clear = await coloursOf('.badge--clear');
    const [r, g, b] = rgb(clear.background);
    expect(g, `clear badge background ${clear.background}`).to.be.greaterThan(r).and.greaterThan(b);
    const seen = new Map<string, string>();
    for (const call of ['clear', 'carrier', 'at_risk', 'not_tested']) {
      if ((await page.locator(`.badge--${call}`).count()) === 0) continue;
      const colours = await coloursOf(`.badge--${call}`);
      expect(contrast(colours.text, colours.background), `${call} contrast`).to.be.at.least(4.5);
      expect([...seen.values()], `${call} looks like another call`).to.not.include(colours.background);
      seen.set(call, colours.background);
    }
    // A count of none at risk is good news: its tile is not alarm-red (Biscuit has nothing at risk).
    expect(await page.locator('[data-count="at-risk"]').innerText()).to.equal('0');
    const noneAtRisk = await coloursOf('.health-count--at_risk');
    const [red, green, blue] = rgb(noneAtRisk.background);
    expect(red - Math.min(green, blue), `none-at-risk tile ${noneAtRisk.background}`).to.be.lessThan(40);
    expect(contrast(noneAtRisk.text, noneAtRisk.background)).to.be.at.least(4.5);
    // The header's unread count keeps its own red pill, and only it.
    const unread = await coloursOf('.unread-badge');
    expect(rgb(unread.background)[0]).to.be.greaterThan(150);
    expect(unread.background).to.not.equal(clear.background);
  });

  it('serves the favicon the layout links, and /favicon.ico, with 200', async () => {
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${site.origin}/`);
    const icons = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(icons).to.include(`${site.origin}/favicon.ico`);
    for (const href of icons) {
      const response = await page.request.get(href);
      expect(response.status(), href).to.equal(200);
      expect(response.headers()['content-type']).to.match(/^image\//);
    }
    expect(failed).to.deep.equal([]);
  });

  it('keeps the sticky results navigation flush under the sticky header: no strip of content between them', async () => {
    await site.signIn(page, 'parent');
    await page.goto(`${site.origin}/members/results/health?i=${site.biscuit}`);
    await page.waitForSelector('body.page-ready');
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => window.scrollY > 600);
    const { headerBottom, navTop } = await page.evaluate(() => ({
      headerBottom: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
      navTop: document.querySelector('.results-nav')!.getBoundingClientRect().top,
    }));
    expect(headerBottom).to.be.greaterThan(0); // the header is stuck in view
    expect(navTop).to.be.at.most(headerBottom);
    expect(headerBottom - navTop).to.be.lessThan(2);
  });

  it('names in the footer only the dog the page is about, even while its results are pending', async () => {
    await site.signIn(page, 'parent');
    // The heading's words, without the dog's avatar (a decorative picture or initial) in front of them.
    const footerHeading = () =>
      page.locator('footer h2').first().evaluate((h2) => [...h2.childNodes].filter((node) => !(node instanceof Element && node.matches('.avatar'))).map((node) => node.textContent).join('').trim());
    expect(await footerHeading()).to.equal("Explore your dog's Results"); // My Dogs: about no dog
    await page.goto(`${site.origin}/members/profile`);
    expect(await footerHeading()).to.equal("Explore your dog's Results");
    await page.goto(`${site.origin}/members/results/summary?i=${site.biscuit}`);
    expect(await footerHeading()).to.equal("Explore Biscuit's Results");
    expect(await page.locator('footer h2 .avatar').count()).to.equal(1);
    expect(await page.locator('footer a', { hasText: 'Health' }).getAttribute('href')).to.equal(`/members/results/health?i=${site.biscuit}`);

    await page.click('text=Sign Out');
    await site.signIn(page, 'breeder');
    await page.goto(`${site.origin}/members/results/summary?i=${await awaitingPetNum()}`);
    expect(await footerHeading()).to.equal("Explore Sunny Meadow Nova's Results"); // pending, but named: only a dog without a name is 'your dog'
  });
});
