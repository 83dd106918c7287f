// Issue 13 in Chromium: an owner shares Maple with the demo vet's e-mail; the vet signs in, finds
// Maple on the practice dashboard, adds a note and ticks an onboarding checklist item.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { sharedChromium, closeContexts, newContext, PHONE, serve, signInThroughRequest } from '../support/browser.js';
import { DEMO_ACCOUNTS } from '../support/demo.js';
import { testDb } from '../support/database.js';
import { DEMO_PASSWORD } from '../../server/demo/accounts.js';
import { CLIENT_EMAIL_INVALID, VET_EMAIL_INVALID, VET_REPORT_COPY_LINK, VET_REPORT_LINK_COPIED } from '../../server/shared/messages.js';
import { CLIENT_PHONE_INVALID, PATIENT_NO_LONGER_SHARED, revokeShareWarning, unsharedPatientText } from '../../server/shared/vets-rules.js';
import { demoPopulation, ownedPetNum } from '../integration/results/population.js';

describe('vets in the browser: share with the vet, then the practice dashboard', function () {
  this.timeout(180_000);
  let browser: Browser;
  let site: Awaited<ReturnType<typeof serve>>;
  let maple: number;
  const errors: string[] = [];

  before(async () => {
    site = await serve(await demoPopulation());
    maple = await ownedPetNum('parent@demo.test', 'Maple');
    browser = await sharedChromium();
  });

  after(async () => {
    await closeContexts(browser);
    await site?.close();
  });

  async function pageFor(email: string, viewport?: { width: number; height: number }): Promise<Page> {
    const context = await newContext(browser, viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughRequest(page.context(), site.origin, email, DEMO_PASSWORD);
    return page;
  }

  it("copies the vet report link: 'Link copied' for 2000 ms, then 'Copy link'", async () => {
    const page = await pageFor(DEMO_ACCOUNTS.parent.email);
    await page.clock.install({ time: new Date('2026-11-24T12:00:00Z') });
    await page.goto(`${site.origin}/members/results/summary?i=${maple}`);
    await page.clock.pauseAt(new Date('2026-11-24T12:00:10Z'));
    await page.click('#share-with-vet > summary');
    const button = page.locator('#share-with-vet button[data-copy-link]');
    const label = async () => (await button.innerText()).trim();
    expect(await label()).to.equal(VET_REPORT_COPY_LINK);
    await button.click();
    await page.locator('#share-with-vet button[data-copy-link]', { hasText: VET_REPORT_LINK_COPIED }).waitFor();
    expect(await label()).to.equal(VET_REPORT_LINK_COPIED);
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.match(/\/members\/reports\/print-vet-report-pdf\/[0-9a-f]{32}$/);
    await page.clock.runFor(1_900);
    expect(await label()).to.equal(VET_REPORT_LINK_COPIED);
    await page.clock.runFor(200);
    expect(await label()).to.equal(VET_REPORT_COPY_LINK);
    await page.context().close();
  });

  it('shares Maple with the demo vet; the vet finds her on the dashboard, adds a note and ticks a checklist item', async () => {
    const owner = await pageFor(DEMO_ACCOUNTS.parent.email);
    await owner.goto(`${site.origin}/members/results/health?i=${maple}`);
    await owner.waitForSelector('body.page-ready');
    await owner.click('#share-with-vet > summary');
    const send = owner.locator('[data-vet-share-send]');
    expect(await send.isDisabled()).to.equal(true);
    await owner.fill('#vet-share-name', 'Dr. Val Vet');
    await owner.fill('#vet-share-email', 'vet@demo');
    expect(await owner.locator('[data-field-error="vetEmail"]').innerText()).to.equal(VET_EMAIL_INVALID);
    expect(await send.isDisabled()).to.equal(true);
    await owner.fill('#vet-share-email', DEMO_ACCOUNTS.vet.email);
    expect(await send.isDisabled()).to.equal(false);
    await send.click();
    await owner.waitForSelector('[data-vet-share-alert] .alert--success');
    expect(await owner.locator('[data-vet-share-alert]').innerText()).to.include('Your results were sent to Dr. Val Vet.');
    expect(await owner.locator('#vet-share-name').inputValue()).to.equal('');
    expect(await owner.locator('[data-vet-shares] li').first().innerText()).to.include('Riverside Animal Hospital');
    const db = await testDb();
    expect(await db('outbox').where({ to_address: DEMO_ACCOUNTS.vet.email, template: 'vet-report-shared' }).pluck('subject')).to.include('Pet Parent shared Maple\u2019s DNA results with you'.replace('Pet Parent', DEMO_ACCOUNTS.parent.name));

    const vet = await pageFor(DEMO_ACCOUNTS.vet.email);
    await vet.goto(`${site.origin}/members`);
    await vet.fill('#patient-search', 'maple');
    await Promise.all([vet.waitForURL(/\/members\?q=maple/), vet.click('form[role="search"] button[type="submit"]')]);
    const row = vet.locator('tr[data-patient="Maple"]');
    expect(await row.innerText()).to.include('shared by client');
    await Promise.all([vet.waitForURL(/\/members\/patients\/\d+$/), row.locator('a').first().click()]);
    expect(await vet.locator('h1').innerText()).to.equal('Maple');
    expect(await vet.locator('#edit-patient-title').count()).to.equal(0);
    await vet.fill('#new-note', 'Owner shared the DNA results; discuss at the next visit.');
    await Promise.all([vet.waitForURL(/notice=noted/), vet.click('form[action$="/notes"] button[type="submit"]')]);
    expect(await vet.locator('[data-notes] li').first().innerText()).to.include('discuss at the next visit');
    // deleting a note takes a second step: the first button only opens it
    const note = vet.locator('[data-notes] li').first();
    await note.locator('.confirm-step > summary').click();
    expect(await vet.locator('[data-notes] li').count()).to.be.above(0);
    const noteCount = await vet.locator('[data-notes] li').count();
    expect(await note.locator('.confirm-step__form').innerText()).to.include('Delete this note for good?');
    await Promise.all([vet.waitForLoadState('load'), note.getByRole('button', { name: 'Delete the note' }).click()]);
    expect(await vet.locator('[data-notes] li').count()).to.equal(noteCount - 1);
    await vet.fill('#new-note', 'Recheck the murmur in spring.');
    await Promise.all([vet.waitForURL(/notice=noted/), vet.click('form[action$="/notes"] button[type="submit"]')]);

    // the owner revokes the share the widget listed: a second step names what follows
    const shared = owner.locator('[data-vet-shares] li').first();
    await shared.locator('.confirm-step > summary').click();
    expect(await shared.locator('.confirm-step__form').innerText()).to.include(revokeShareWarning('Maple', 'Riverside Animal Hospital'));
    await Promise.all([owner.waitForURL(/vetShare=revoked/), shared.getByRole('button', { name: 'Revoke the share' }).click()]);
    expect(await owner.locator('[data-vet-shares] li').first().innerText()).to.include('revoked');
    // the practice keeps Maple's record and its notes, read-only, without her results
    await vet.goto(`${site.origin}/members?q=maple`);
    expect(await vet.locator('tr[data-patient="Maple"]').innerText()).to.include(PATIENT_NO_LONGER_SHARED);
    await Promise.all([vet.waitForURL(/\/members\/patients\/\d+$/), vet.locator('tr[data-patient="Maple"] a').first().click()]);
    expect(await vet.locator('[data-unshared]').innerText()).to.equal(unsharedPatientText('Maple'));
    expect(await vet.locator('[data-notes] li').count()).to.equal(noteCount);
    expect(await vet.locator('[data-notes] li').first().innerText()).to.include('Recheck the murmur in spring.');
    expect(await vet.locator('#new-note').count()).to.equal(0);

    await vet.goto(`${site.origin}/members#onboarding`);
    expect(await vet.locator('[data-checklist-progress]').getAttribute('value')).to.equal('2');
    await Promise.all([vet.waitForURL(/\/members#onboarding$/), vet.click('[data-checklist-item="assign_staff_champion"] button[value="completed"]')]);
    expect(await vet.locator('[data-checklist-item="assign_staff_champion"]').getAttribute('data-status')).to.equal('completed');
    expect(await vet.locator('[data-checklist-progress]').getAttribute('value')).to.equal('3');
    expect(errors).to.deep.equal([]);
  });

  it('puts keyboard focus on the outcome after "Send to my vet", not on the page body', async () => {
    const owner = await pageFor(DEMO_ACCOUNTS.parent.email);
    await owner.goto(`${site.origin}/members/results/summary?i=${maple}`);
    await owner.waitForSelector('body.page-ready');
    await owner.click('#share-with-vet > summary');
    await owner.fill('#vet-share-name', 'Dr. Keyboard');
    await owner.fill('#vet-share-email', 'keyboard@clinic.example');
    await owner.focus('[data-vet-share-send]');
    await owner.keyboard.press('Enter');
    await owner.waitForSelector('[data-vet-share-alert] .alert--success');
    await owner.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5_000 });
    const focused = await owner.evaluate(() => ({ text: document.activeElement?.textContent ?? '', inAlert: Boolean(document.activeElement?.closest('[data-vet-share-alert]')) }));
    expect(focused).to.deep.equal({ text: 'Your results were sent to Dr. Keyboard.', inAlert: true });
    // Tab goes on from there, inside the panel
    await owner.keyboard.press('Tab');
    expect(await owner.evaluate(() => Boolean(document.activeElement?.closest('#share-with-vet')))).to.equal(true);
    await owner.context().close();
  });

  it("shows who ordered a patient's swab with their DVM flag, and whether the patient is a vet affiliate (issue 36 \u00a719)", async () => {
    const db = await testDb();
    const otis = await db('practice_patients').join('pets', 'pets.pet_num', 'practice_patients.pet_num').where('pets.name', 'Otis').first('practice_patients.id');
    const page = await pageFor(DEMO_ACCOUNTS.vet.email);
    await page.goto(`${site.origin}/members`);
    await Promise.all([page.waitForURL(`${site.origin}/members/patients/${otis.id}`), page.locator('[data-patient="Otis"] a', { hasText: 'Otis' }).first().click()]);
    expect(await page.locator('[data-swab-ordered-by]').innerText()).to.equal('Dr. Val Vet (DVM)');
    expect(await page.locator('[data-vet-affiliate]').innerText()).to.equal('No');
  });

  it('keeps a refused new patient as typed, with the errors beside the fields', async () => {
    const vet = await pageFor(DEMO_ACCOUNTS.vet.email);
    await vet.goto(`${site.origin}/members#add-patient`);
    await vet.fill('#new-patient-name', 'Nala');
    await vet.selectOption('#new-patient-sex', 'f');
    await vet.fill('#new-patient-client', 'Jane Client');
    await vet.fill('#new-patient-email', 'jane@clinic');
    await vet.fill('#new-patient-phone', 'call me maybe');
    await vet.fill('#new-patient-emr', 'EMR-77');
    await Promise.all([vet.waitForURL(/\/members\/patients$/), vet.click('#add-patient button[type="submit"]')]);
    expect(await vet.inputValue('#new-patient-name')).to.equal('Nala');
    expect(await vet.inputValue('#new-patient-sex')).to.equal('f');
    expect(await vet.inputValue('#new-patient-client')).to.equal('Jane Client');
    expect(await vet.inputValue('#new-patient-email')).to.equal('jane@clinic');
    expect(await vet.inputValue('#new-patient-phone')).to.equal('call me maybe');
    expect(await vet.inputValue('#new-patient-emr')).to.equal('EMR-77');
    expect(await vet.locator('#new-patient-email-error').innerText()).to.equal(CLIENT_EMAIL_INVALID);
    expect(await vet.locator('#new-patient-phone-error').innerText()).to.equal(CLIENT_PHONE_INVALID);
    expect(await vet.evaluate(() => document.activeElement?.id)).to.equal('new-patient-email');
    await vet.fill('#new-patient-email', 'jane@clinic.example');
    await vet.fill('#new-patient-phone', '+1 (555) 010-4477');
    await Promise.all([vet.waitForURL(/notice=added/), vet.click('#add-patient button[type="submit"]')]);
    expect(await vet.locator('h1').innerText()).to.equal('Nala');
    await vet.context().close();
  });

  it('stacks the patients on a phone: every column of every patient on screen, labelled', async () => {
    const vet = await pageFor(DEMO_ACCOUNTS.vet.email, PHONE);
    await vet.goto(`${site.origin}/members`);
    const layout = await vet.evaluate(() => {
      const table = document.querySelector<HTMLElement>('[data-patients]')!;
      const wrap = table.closest<HTMLElement>('.table-wrap')!;
      const cells = [...table.querySelectorAll<HTMLElement>('tbody td')].filter((td) => getComputedStyle(td).display !== 'none');
      const tags = [...table.querySelectorAll<HTMLElement>('.tag')];
      return {
        tableWidth: table.scrollWidth,
        wrapWidth: wrap.clientWidth,
        offScreen: cells.filter((td) => td.getBoundingClientRect().right > window.innerWidth + 0.5).length,
        labels: [...new Set(cells.map((td) => getComputedStyle(td, '::before').content).filter((c) => c !== 'none'))],
        tagLines: tags.map((tag) => Math.round(tag.getBoundingClientRect().height / parseFloat(getComputedStyle(tag).lineHeight || '20'))),
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    expect(layout.tableWidth).to.be.at.most(layout.wrapWidth);
    expect(layout.offScreen).to.equal(0);
    expect(layout.pageWidth).to.be.at.most(PHONE.width);
    for (const label of ['Results', 'Case', 'Notes']) expect(layout.labels).to.include(`"${label}: "`);
    expect(layout.tagLines.length).to.be.greaterThan(0);
    for (const lines of layout.tagLines) expect(lines).to.equal(1);
    await vet.context().close();
  });
});
