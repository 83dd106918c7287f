// Issue 12 §7 in Chromium: the widgets that show dogs (the chat inbox and conversation, the relatives
// list) show a dog's picture when it has one and its initial when not, as the server's pages do.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoBrowserSuite, pageErrors } from '../support/browser.js';
import { testDb } from '../support/database.js';
import { DEMO_ACCOUNTS } from '../support/demo.js';

const PICTURE = 'ui/0123456789abcdef0123';
const avatarOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => ({ tag: element.tagName.toLowerCase(), kind: element.getAttribute('data-avatar'), src: element.getAttribute('src'), text: element.textContent }));

describe('dog avatars in the widgets (issue 12 §7)', function () {
  this.timeout(180_000);
  const site = demoBrowserSuite();

  async function breederDogs(): Promise<number[]> {
    const db = await testDb();
    return db('pet_owners').join('users', 'users.id', 'pet_owners.user_id').where('users.email', DEMO_ACCOUNTS.breeder.email).pluck('pet_owners.pet_num');
  }

  afterEach(async () => {
    await (await testDb())('pets').update({ profile_image_public_id: null });
  });

  it('shows the chat dog’s picture in the inbox and the conversation, else its initial', async () => {
    const db = await testDb();
    await db('pets').whereIn('pet_num', await breederDogs()).update({ profile_image_public_id: PICTURE });
    const page = await site.signedInPage('parent');
    const errors = pageErrors(page);
    await page.goto(site.url('/members/messages'));
    const item = page.locator('.chat-list__item', { hasText: 'Bea Breeder' });
    await item.waitFor();
    expect(await avatarOf(page, '.chat-list__item .chat-list__avatar')).to.deep.include({ tag: 'img', kind: 'picture', src: `/media/${PICTURE}/thumb.jpg` });
    await item.click();
    await page.locator('.chat-pane__header .avatar').waitFor();
    expect(await avatarOf(page, '.chat-pane__header .avatar')).to.deep.include({ tag: 'img', kind: 'picture', src: `/media/${PICTURE}/thumb.jpg` });

    await db('pets').update({ profile_image_public_id: null });
    await page.reload();
    await page.locator('.chat-list__item .chat-list__avatar').waitFor();
    const letter = await avatarOf(page, '.chat-list__item .chat-list__avatar');
    expect(letter).to.deep.include({ tag: 'span', kind: 'letter' });
    expect(letter.text).to.match(/^[A-Z]$/);
    await page.locator('.chat-list__item', { hasText: 'Bea Breeder' }).click();
    await page.locator('.chat-pane__header .avatar').waitFor();
    expect(await avatarOf(page, '.chat-pane__header .avatar')).to.deep.include({ tag: 'span', kind: 'letter', text: letter.text });
    expect(errors).to.deep.equal([]);
  });

  it("shows each relative's public picture in the relatives widget, else its initial", async () => {
    const page = await site.signedInPage('parent');
    const errors = pageErrors(page);
    await page.goto(site.url(`/members/results/relatives?i=${site.biscuit}`));
    await page.locator('.relative-card').first().waitFor();
    const first = await page.locator('.relative-card').first().getAttribute('data-handle');
    await (await testDb())('pets').where({ handle: first }).update({ profile_image_public_id: PICTURE });
    await page.reload();
    // The widget replaces the server's first page once its list arrives; both use the same markup.
    await page.waitForFunction(() => document.querySelector('.relatives-widget .relative-card') !== null);
    const cards = await page.locator('.relative-card').evaluateAll((elements) =>
      elements.map((card) => {
        const avatar = card.querySelector('.relative-card__avatar')!;
        return { handle: card.getAttribute('data-handle'), tag: avatar.tagName.toLowerCase(), src: avatar.getAttribute('src'), text: avatar.textContent };
      }),
    );
    expect(cards[0]).to.deep.include({ handle: first, tag: 'img', src: `/getpublicpetimg/${first}` });
    expect(cards.length).to.be.at.least(2);
    for (const card of cards.slice(1)) expect(card.tag, card.handle ?? '').to.equal('span');
    expect(errors).to.deep.equal([]);
  });
});
