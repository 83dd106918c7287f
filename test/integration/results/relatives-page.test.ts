// The relatives page renders its first five relatives on the server (issue 20 item 5).
import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { signInAsDemo } from '../../support/demo.js';
import { relativesOf } from '../../../server/relatives/queries.js';
import { DOG_NOT_FOUND } from '../../../server/shared/messages.js';
import { demoPopulation, ownedPetNum } from './population.js';

const cardHandles = (html: string) => [...html.matchAll(/<li class="relative-card" data-handle="([^"]+)">/g)].map((m) => m[1]);

describe('relatives page rendered on the server', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
  });

  it('lists the closest five as cards, with the whole count and the widget marker carrying them', async () => {
    const relatives = await relativesOf(await testDb(), biscuit, null);
    expect(relatives.length).to.be.greaterThan(0);
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/relatives?i=${biscuit}`).expect(200)).text;
    expect(cardHandles(html)).to.deep.equal(relatives.slice(0, 5).map((r) => r.handle));
    expect(html).to.include(`data-total="${relatives.length}"`);
    expect(html).to.include('data-widget="relatives"');
    expect(html).to.include('&#34;preview&#34;').and.include(`/dog/${relatives[0].handle}`);
    expect(html).to.not.include('Loading relatives');
  });

  it('leaves the new marks for the widget to clear: rendering the page changes nothing', async () => {
    const db = await testDb();
    await db('relatives').where('pet_num_a', biscuit).update({ is_new_for_a: true });
    await db('relatives').where('pet_num_b', biscuit).update({ is_new_for_b: true });
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/relatives?i=${biscuit}`).expect(200)).text;
    expect(html).to.include('relative-card__new');
    expect((await relativesOf(db, biscuit, null)).every((r) => r.isNew)).to.equal(true);
  });

  it("shows another owner's dog's relatives to nobody else: 404 as for an unknown dog, and no card", async () => {
    const agent = await signInAsDemo(app, 'newbie');
    const refused = await agent.get(`/members/results/relatives?i=${biscuit}`);
    expect(refused.status).to.equal(404);
    expect(refused.text).to.include(DOG_NOT_FOUND);
    expect(cardHandles(refused.text)).to.deep.equal([]);
  });

  it('offers no chat with the owner for the viewer\u2019s own dogs, on the page and through the API', async () => {
    const db = await testDb();
    const breeder = await db('users').where({ email: 'breeder@demo.test' }).first('id');
    const own: number[] = await db('pet_owners').where({ user_id: breeder.id }).pluck('pet_num');
    let chosen: { petNum: number; relatives: Awaited<ReturnType<typeof relativesOf>> } | undefined;
    for (const petNum of own) {
      const relatives = (await relativesOf(db, petNum, breeder.id)).slice(0, 5);
      if (relatives.some((r) => r.isYourDog) && relatives.some((r) => !r.isYourDog)) chosen = { petNum, relatives };
    }
    expect(chosen, 'a kennel dog whose first relatives are the kennel\u2019s and others\u2019').to.not.equal(undefined);
    const agent = await signInAsDemo(app, 'breeder');
    const html = (await agent.get(`/members/results/relatives?i=${chosen!.petNum}`).expect(200)).text;
    const chatOffered = (handle: string) => html.includes(`href="/members/chat?to=${encodeURIComponent(handle)}"`);
    for (const relative of chosen!.relatives) expect(chatOffered(relative.handle), relative.handle).to.equal(!relative.isYourDog);
    const api = (await agent.get(`/api/relatives/${chosen!.petNum}`).expect(200)).body as { relatedPets: { handle: string; isYourDog: boolean }[] };
    const yours = new Set(own.length ? ((await db('pets').whereIn('pet_num', own).pluck('handle')) as string[]) : []);
    expect(api.relatedPets.map((r) => r.isYourDog)).to.deep.equal(api.relatedPets.map((r) => yours.has(r.handle)));
    // the same dog's relatives seen by another account offer a chat for every one of them
    expect((await relativesOf(db, chosen!.petNum, null)).every((r) => !r.isYourDog)).to.equal(true);
  });

  it("offers the vet a chat only with owners there are, and every chat offered opens (issue 36 \u00a72)", async () => {
    const db = await testDb();
    const otis = await db('pets').where({ name: 'Otis' }).whereNotExists(db('pet_owners').whereRaw('pet_owners.pet_num = pets.pet_num')).first('pet_num');
    const relatives = (await relativesOf(db, otis.pet_num, null)).slice(0, 5);
    expect(relatives.some((r) => !r.hasOwner), 'a littermate the practice registered too').to.equal(true);
    expect(relatives.some((r) => r.hasOwner), 'a relative a member owns').to.equal(true);
    const vet = await signInAsDemo(app, 'vet');
    const html = (await vet.get(`/members/results/relatives?i=${otis.pet_num}`).expect(200)).text;
    for (const relative of relatives) {
      const href = `/members/chat?to=${encodeURIComponent(relative.handle)}`;
      expect(html.includes(`href="${href}"`), relative.handle).to.equal(relative.hasOwner);
      if (relative.hasOwner) await vet.get(href).expect(200);
    }
  });

  it('shows no list when the relative finder is off', async () => {
    const db = await testDb();
    await db('pets').where({ pet_num: biscuit }).update({ show_relative_finder: false });
    try {
      const agent = await signInAsDemo(app, 'parent');
      const html = (await agent.get(`/members/results/relatives?i=${biscuit}`)).text;
      expect(cardHandles(html)).to.deep.equal([]);
      expect(html).to.not.include('data-widget="relatives"');
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ show_relative_finder: true });
    }
  });
});
