import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, testApp } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';

const cspNonce = (header: string) => /'nonce-([^']+)'/.exec(header)![1];
const metaToken = (html: string) => /<meta name="csrf-token" content="([^"]*)">/.exec(html)?.[1];
const cookieToken = (setCookie: string[] | undefined) => /XSRF-TOKEN=([^;]+)/.exec((setCookie ?? []).join('\n'))?.[1];

describe('pages kept for signed-out visitors (issue 18)', () => {
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  for (const path of ['/', '/help', '/contact', '/vets', '/breeders']) {
    it(`${path}: every view of the kept page carries its own CSP nonce, and no CSRF token or cookie for a visitor who only reads`, async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const response = await request(app).get(path).expect(200);
        const nonce = cspNonce(response.headers['content-security-policy']);
        const scripts = [...response.text.matchAll(/<script[^>]*>/g)].map((match) => match[0]);
        expect(scripts.length).to.be.greaterThan(0);
        for (const tag of scripts) expect(tag).to.include(`nonce="${nonce}"`);
        expect(metaToken(response.text)).to.equal(undefined);
        expect(response.headers['set-cookie']).to.equal(undefined);
        // Neither placeholder of the kept copy is left in the page.
        expect(response.text).to.not.match(/\b[nt][0-9a-f]{32}\b/);
        seen.add(nonce);
      }
      expect(seen.size).to.equal(3);
    });
  }

  it('shows a visitor who opened a form page the token of their session, with no new cookie', async () => {
    const visitor = request.agent(app);
    const token = await csrfToken(visitor, '/login');
    const again = await visitor.get('/help').expect(200);
    expect(metaToken(again.text)).to.equal(token);
    expect(again.headers['set-cookie']).to.equal(undefined);
    expect(cookieToken((await request(app).get('/login').expect(200)).headers['set-cookie'] as unknown as string[])).to.match(/^[0-9a-f]{64}$/).and.not.equal(token);
  });

  it('never shows a member the signed-out copy, nor a visitor the member’s page', async () => {
    await request(app).get('/help').expect(200);
    const member = await signInAsDemo(app, 'parent');
    const signedIn = (await member.get('/help').expect(200)).text;
    expect(signedIn).to.include('action="/logout"');
    const visitor = (await request(app).get('/help').expect(200)).text;
    expect(visitor).to.not.include('action="/logout"');
    expect(visitor).to.include('href="/login"');
  });

  it('sends no ETag with a page (its nonce changes every view) but keeps them on data answers', async () => {
    const page = await request(app).get('/help').expect(200);
    expect(page.headers.etag).to.equal(undefined);
    const data = await request(app).get('/healthz').expect(200);
    expect(data.headers.etag).to.match(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    await request(app).get('/healthz').set('if-none-match', data.headers.etag).expect(304);
  });
});
