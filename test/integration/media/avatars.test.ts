// Issue 12 §7: every place that shows a dog shows its profile picture, else its initial on its avatar
// colour (views/partials/dog-avatar.ejs): My Dogs, the results navigation, the footer, the family tree
// and the vet's patient list.
import { expect } from 'chai';
import type { Express } from 'express';
import { signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { demoPopulation, ownedPetNum } from '../results/population.js';

const PICTURE = 'ui/0123456789abcdef0123';
const pictureTag = `<img class="avatar avatar--photo`;
const pictureSrc = `src="/media/${PICTURE}/thumb.jpg"`;

/** The HTML of the first element matching `open` up to its closing `close`. */
function slice(html: string, open: string, close: string): string {
  const start = html.indexOf(open);
  expect(start, `${open} on the page`).to.be.at.least(0);
  return html.slice(start, html.indexOf(close, start) + close.length);
}

describe('the dog avatar everywhere a dog is shown (issue 12 §7)', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;
  let maple: number;
  let mapleColour: number;

  before(async () => {
    // The demo accounts with a simulated population, so Biscuit has released results.
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    maple = await ownedPetNum('parent@demo.test', 'Maple');
    const db = await testDb();
    mapleColour = (await db('pets').where({ pet_num: maple }).first('avatar_color_index')).avatar_color_index;
    await db('pets').update({ profile_image_public_id: null });
    await db('pets').where({ pet_num: biscuit }).update({ profile_image_public_id: PICTURE });
    await db('pets').where({ pet_num: maple }).update({ avatar_color_index: 3 });
  });

  after(async () => {
    const db = await testDb();
    await db('pets').update({ profile_image_public_id: null });
    await db('family_tree_links').where({ pet_num: biscuit }).delete();
    await db('pets').where({ pet_num: maple }).update({ avatar_color_index: mapleColour });
  });

  it('shows the picture on My Dogs for a dog that has one, and the coloured initial for one that has not', async () => {
    const page = (await (await signInAsDemo(app, 'parent')).get('/members').expect(200)).text;
    const items = page.split('<li class="dog-list__item">').slice(1);
    const biscuitItem = items.find((item) => item.includes('>Biscuit<'))!;
    const mapleItem = items.find((item) => item.includes('>Maple<'))!;
    expect(biscuitItem).to.include(pictureTag).and.include(pictureSrc);
    expect(mapleItem).to.not.include('<img');
    expect(mapleItem).to.match(/<span class="avatar avatar--3" aria-hidden="true" data-avatar="letter">M<\/span>/);
  });

  it('shows it beside the results navigation and on the footer column of the dog', async () => {
    const parent = await signInAsDemo(app, 'parent');
    const withPicture = (await parent.get(`/members/results/summary?i=${biscuit}`).expect(200)).text;
    expect(slice(withPicture, '<nav class="results-nav"', '</nav>')).to.include(pictureSrc);
    expect(slice(slice(withPicture, '<footer class="site-footer">', '</footer>'), '<h2>', '</h2>')).to.include(pictureSrc).and.include('Explore Biscuit&#39;s Results');
    await (await testDb())('pets').where({ pet_num: biscuit }).update({ profile_image_public_id: null });
    try {
      const without = (await parent.get(`/members/results/summary?i=${biscuit}`).expect(200)).text;
      const nav = slice(without, '<nav class="results-nav"', '</nav>');
      expect(nav).to.not.include('<img');
      expect(nav).to.match(/data-avatar="letter">B</);
      const footer = slice(slice(without, '<footer class="site-footer">', '</footer>'), '<h2>', '</h2>');
      expect(footer).to.not.include('<img');
      expect(footer).to.match(/data-avatar="letter">B</);
    } finally {
      await (await testDb())('pets').where({ pet_num: biscuit }).update({ profile_image_public_id: PICTURE });
    }
  });

  it('shows each relative of the family tree with its picture when members may see it, else an initial', async () => {
    const db = await testDb();
    // Biscuit's recorded tree: Maple (members only, given a picture) as sire and a pedigree name as dam.
    await db('family_tree_links').where({ pet_num: biscuit }).delete();
    await db('family_tree_links').insert([
      { pet_num: biscuit, path: 'S', relative_pet_num: maple, source: 'owner' },
      { pet_num: biscuit, path: 'D', name: 'Rosie of the Glen', source: 'owner' },
    ]);
    await db('pets').where({ pet_num: maple }).update({ profile_image_public_id: PICTURE });
    const parent = await signInAsDemo(app, 'parent');
    const page = (await parent.get(`/members/results/breed-and-ancestry?i=${biscuit}`).expect(200)).text;
    const sire = slice(page, '<li class="tree-member" data-tree-member="S">', '</li>');
    const dam = slice(page, '<li class="tree-member" data-tree-member="D">', '</li>');
    expect(sire).to.include(pictureSrc).and.include('>Maple<');
    expect(dam).to.not.include('<img');
    expect(dam).to.match(/data-avatar="letter">R</);
    // A private relative is neither named nor pictured.
    const { privacy } = await db('pets').where({ pet_num: maple }).first('privacy');
    await db('pets').where({ pet_num: maple }).update({ privacy: 'private' });
    try {
      const hidden = slice((await parent.get(`/members/results/breed-and-ancestry?i=${biscuit}`).expect(200)).text, '<li class="tree-member" data-tree-member="S">', '</li>');
      expect(hidden).to.not.include('<img').and.not.include('Maple');
      expect(hidden).to.include('A tested relative').and.match(/data-avatar="letter">\?</);
    } finally {
      await db('pets').where({ pet_num: maple }).update({ privacy, profile_image_public_id: null });
    }
  });

  it('shows the relatives on the public profile with their public pictures or initials', async () => {
    const db = await testDb();
    const parent = await signInAsDemo(app, 'parent');
    const list = async () => slice((await parent.get('/dog/biscuit').expect(200)).text, '<ul class="public-profile__relatives">', '</ul>').split('<li>').slice(1);
    const before = await list();
    expect(before.length).to.be.at.least(2);
    const handle = /href="\/dog\/([^"]+)"/.exec(before[0])![1];
    await db('pets').where({ handle: decodeURIComponent(handle) }).update({ profile_image_public_id: PICTURE });
    try {
      const [first, ...rest] = await list();
      expect(first).to.include(pictureTag).and.include(`src="/getpublicpetimg/${handle}"`);
      for (const item of rest) {
        expect(item).to.not.include('<img');
        expect(item).to.match(/data-avatar="letter">[A-Z]</);
      }
    } finally {
      await db('pets').where({ handle: decodeURIComponent(handle) }).update({ profile_image_public_id: null });
    }
  });

  it("shows the vet's patients with their pictures or initials", async () => {
    const page = (await (await signInAsDemo(app, 'vet')).get('/members').expect(200)).text;
    const row = (name: string) => slice(page, `<tr data-patient="${name}">`, '</tr>');
    expect(row('Biscuit')).to.include(pictureSrc);
    expect(row('Otis')).to.not.include('<img');
    expect(row('Otis')).to.match(/data-avatar="letter">O</);
  });
});
