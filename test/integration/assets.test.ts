// Built assets: the views link the content-hashed files of the build's manifest, and those files
// may be cached for a year.
import { expect } from 'chai';
import request from 'supertest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testApp } from '../support/app.js';
import { resetDatabase, testDb } from '../support/database.js';
import { MANIFEST_FILE, readManifest, type AssetManifest } from '../../server/assets/manifest.js';

describe('built assets', () => {
  let manifest: AssetManifest;

  before(async function () {
    this.timeout(120_000);
    if (!existsSync(MANIFEST_FILE)) {
      const build = spawnSync(process.execPath, ['esbuild.config.mjs'], { cwd: fileURLToPath(new URL('../../', import.meta.url)), stdio: 'inherit' });
      if (build.status !== 0) throw new Error('npm run build failed');
    }
    manifest = readManifest()!;
    await resetDatabase(await testDb());
  });

  it('links the hashed start-up script and stylesheet from every page', async () => {
    const page = await request(await testApp()).get('/help').expect(200);
    expect(manifest['startup.js']).to.match(/^startup-[A-Z2-7]{8}\.js$/);
    expect(manifest['css/site.css']).to.match(/^site-[A-Z2-7]{8}\.css$/);
    expect(page.text).to.match(new RegExp(`<script type="module" src="/static/build/${manifest['startup.js']}"( nonce="[^"]+")?></script>`));
    expect(page.text).to.include(`<link rel="stylesheet" href="/static/build/${manifest['css/site.css']}">`);
  });

  it('serves hashed files as immutable for a year, and the rest of /static briefly', async () => {
    const app = await testApp();
    for (const file of [manifest['startup.js'], manifest['css/site.css']]) {
      const response = await request(app).get(`/static/build/${file}`).expect(200);
      expect(response.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    }
    const manifestResponse = await request(app).get('/static/build/manifest.json').expect(200);
    expect(manifestResponse.headers['cache-control']).to.equal('no-cache');
    const image = await request(app).get('/static/images/logo.svg').expect(200);
    expect(image.headers['cache-control']).to.not.include('immutable');
  });

  it('answers 404 for a file the build never made', async () => {
    await request(await testApp()).get('/static/build/startup-AAAAAAAA.js').expect(404);
  });
});
