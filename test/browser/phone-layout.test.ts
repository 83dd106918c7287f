// QA's layout defects at 390 px, each checked as a person on a phone would notice it: a page that
// scrolls sideways. A dog named with one 50-letter word, a vet's case note that is one 5,000-character
// word, a long e-mail in the outbox and the admin tables must all stay within the screen; the results
// navigation shows the page you are on; the kennel page link keeps its distance from the intro.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoBrowserSuite, PHONE, type DemoRole } from '../support/browser.js';
import { DEMO_ACCOUNTS } from '../support/demo.js';
import { testDb } from '../support/database.js';
import { queueEmail } from '../../server/outbox/queue.js';

/** One word of 50 letters, the longest name a dog may have. */
const LONG_NAME = 'Wolfeschlegelsteinhausenbergerdorffvoralternwarens';
const LONG_WORD = 'x'.repeat(5_000);

/** The document's width, and the elements that reach past the right edge of the screen (for the failure message). */
function widthOf(page: Page): Promise<{ scrollWidth: number; past: string[] }> {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    const past = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > edge + 1 && el.closest('.table-wrap, .results-nav') === null)
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${Math.round(el.getBoundingClientRect().right)} px`);
    return { scrollWidth: document.documentElement.scrollWidth, past };
  });
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, past } = await widthOf(page);
  expect(scrollWidth, `${what} is ${scrollWidth} px wide: ${past.join('; ')}`).to.be.at.most(PHONE.width);
}

describe('phone layout (390 px): long words, wide tables and the results navigation', function () {
  this.timeout(240_000);
  const site = demoBrowserSuite();

  const phonePage = async (path: string, as: DemoRole): Promise<Page> => {
    const page = await site.openPage(path, { viewport: PHONE, as });
    await page.waitForSelector('body.page-ready');
    return page;
  };

  describe('a dog named with one 50-letter word', () => {
    before(async () => {
      const db = await testDb();
      await db('pets').where({ pet_num: site.biscuit }).update({ name: LONG_NAME, call_name: null });
      // the summary's microbiome table is four columns wide
      await db('microbiome_tests').insert({ pet_num: site.biscuit, state: 'released', results_released_at: db.fn.now(), report_url: 'https://reports.example/microbiome/1' });
    });

    it('keeps My Dogs within the screen', async () => {
      const page = await phonePage('/members', 'parent');
      expect(await page.locator('.dog-list').innerText()).to.include(LONG_NAME);
      await expectNoSidewaysScroll(page, '/members');
    });

    it('keeps the results pages and their navigation within the screen', async () => {
      for (const results of ['summary', 'health', 'traits']) {
        const page = await phonePage(`/members/results/${results}?i=${site.biscuit}`, 'parent');
        if (results === 'summary') expect(await page.locator('.table-wrap [data-microbiome-test]').count(), 'the microbiome table in its frame').to.equal(1);
        await expectNoSidewaysScroll(page, results);
        const nav = await page.locator('.results-nav').boundingBox();
        expect(nav!.x + nav!.width, `${results}: the results navigation's right edge`).to.be.at.most(PHONE.width);
      }
    });

    it("keeps the about page, with 'Where … was born', within the screen", async () => {
      const page = await phonePage(`/members/pet/about/${site.biscuit}`, 'parent');
      await page.locator('.locations__heading', { hasText: `Where ${LONG_NAME} was born` }).waitFor();
      await expectNoSidewaysScroll(page, 'the about page');
    });

    it("keeps the dog's public page within the screen", async () => {
      const handle = (await (await testDb())('pets').where({ pet_num: site.biscuit }).first('handle')).handle;
      const page = await phonePage(`/dog/${handle}`, 'parent');
      expect(await page.locator('h1').innerText()).to.include(LONG_NAME);
      await expectNoSidewaysScroll(page, `/dog/${handle}`);
    });
  });

  it('wraps a case note that is one 5,000-character word, on a phone and on a laptop', async () => {
    const db = await testDb();
    const vet = await db('users').where({ email: DEMO_ACCOUNTS.vet.email }).first('id');
    const { practice_id: practiceId } = await db('practice_users').where({ user_id: vet.id }).first('practice_id');
    const patient = await db('practice_patients').where({ practice_id: practiceId }).orderBy('id').first('id');
    await db('practice_patient_notes').insert({ practice_patient_id: patient.id, author_user_id: vet.id, body: LONG_WORD });
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const page = await site.openPage(`/members/patients/${patient.id}`, { viewport, as: 'vet' });
      expect(await page.locator('[data-notes]').innerText()).to.include(LONG_WORD);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `at ${viewport.width} px`).to.be.at.most(viewport.width);
    }
  });

  it('scrolls the outbox table and the survey tables inside their frames', async () => {
    await queueEmail(await testDb(), {
      userId: null,
      to: 'a.very.long.address.of.a.breeder@kennel-with-a-long-name.example',
      subject: 'Sunny Meadow Kennels shared the DNA results of their whole litter with you',
      text: 'Hello',
    });
    for (const path of ['/admin/outbox', '/admin/surveys']) {
      const page = await phonePage(path, 'admin');
      expect(await page.locator('.table-wrap table').count(), `${path}: tables in a .table-wrap`).to.be.greaterThan(0);
      await expectNoSidewaysScroll(page, path);
      const framesInCards = await page.locator('.table-wrap').evaluateAll((wraps) =>
        wraps.every((wrap) => wrap.getBoundingClientRect().right <= (wrap.parentElement?.getBoundingClientRect().right ?? Infinity) + 1),
      );
      expect(framesInCards, `${path}: every table frame within its card`).to.equal(true);
    }
  });

  it('shows the active pill of the results navigation on load', async () => {
    for (const results of ['health', 'traits', 'care']) {
      const page = await phonePage(`/members/results/${results}?i=${site.biscuit}`, 'parent');
      const active = await page.locator('.results-nav .results-nav__button.is-active').boundingBox();
      expect(active, results).to.not.equal(null);
      expect(active!.x, `${results}: the active pill's left edge`).to.be.at.least(0);
      expect(active!.x + active!.width, `${results}: the active pill's right edge`).to.be.at.most(PHONE.width);
      expect(await page.evaluate(() => window.scrollX), `${results}: the page itself did not scroll sideways`).to.equal(0);
    }
  });

  it('shows the whole kennel name in the phone header, wrapped rather than cut (issue 36 §28)', async () => {
    const page = await phonePage('/members', 'breeder');
    const title = page.locator('.site-header__title');
    expect(await title.innerText()).to.equal('Sunny Meadow Kennels');
    const fits = await title.evaluate((el) => ({ width: el.scrollWidth <= el.clientWidth, height: el.scrollHeight <= el.clientHeight + 1 }));
    expect(fits, 'nothing of the name is clipped').to.deep.equal({ width: true, height: true });
    const header = await page.locator('.site-header__inner').boundingBox();
    const box = await title.boundingBox();
    expect(header!.height, 'the header keeps its 64 px').to.equal(64);
    expect(box!.y).to.be.at.least(header!.y);
    expect(box!.y + box!.height).to.be.at.most(header!.y + header!.height);
    await expectNoSidewaysScroll(page, 'the breeder header');
  });

  it("leaves room between the breeder profile's kennel page link and the intro", async () => {
    const page = await phonePage('/breeders/breeder-profile', 'breeder');
    const link = await page.locator('.kennel-header .link-arrow').boundingBox();
    const intro = await page.locator('.kennel-header + .lead').boundingBox();
    expect(link, 'the kennel page link').to.not.equal(null);
    expect(intro!.y - (link!.y + link!.height), 'space between the link and the intro').to.be.at.least(8);
  });
});
