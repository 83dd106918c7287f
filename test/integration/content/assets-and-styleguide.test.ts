import { expect } from 'chai';
import request from 'supertest';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';

describe('site assets and the style guide', () => {
  before(async () => {
    await resetDatabase(await testDb());
  });

  it('serves /favicon.ico and the SVG favicon the layout links', async () => {
    const app = await testApp();
    const ico = await request(app).get('/favicon.ico').expect(200);
    expect(ico.headers['content-type']).to.equal('image/x-icon');
    expect(ico.body.subarray(0, 4)).to.deep.equal(Buffer.from([0, 0, 1, 0])); // ICO header
    await request(app).get('/static/img/favicon.svg').expect(200).expect('content-type', /image\/svg\+xml/);
    const home = (await request(app).get('/').expect(200)).text;
    expect(home).to.include('<link rel="icon" href="/favicon.ico"').and.include('href="/static/img/favicon.svg"');
  });

  it('serves the bundled web font from /static/fonts, and nothing outside its folder', async () => {
    const app = await testApp();
    const font = await request(app).get('/static/fonts/figtree-latin-wght-normal.woff2').expect(200);
    expect(font.headers['content-type']).to.equal('font/woff2');
    await request(app).get('/static/fonts/..%2Fpackage.json').expect(404);
    await request(app).get('/static/fonts/nope.woff2').expect(404);
    const css = (await request(app).get('/static/css/tokens.css').expect(200)).text;
    expect(css).to.include('font-display: swap').and.include('/static/fonts/figtree-latin-wght-normal.woff2');
  });

  it('renders every component on /styleguide in development and hides it in production', async () => {
    const html = (await request(await testApp()).get('/styleguide').expect(200)).text;
    for (const component of ['button', 'badge--clear', 'badge--carrier', 'badge--at_risk', 'badge--not_tested', 'card', 'tab-list', 'class="modal"', 'toast', 'class="table', 'field-error']) {
      expect(html, component).to.include(component);
    }
    const production = await testApp({ isProduction: true, nodeEnv: 'production' });
    await request(production).get('/styleguide').expect(404);
  });
});
