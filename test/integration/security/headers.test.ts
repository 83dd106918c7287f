import { expect } from 'chai';
import request from 'supertest';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';

function directives(header: string): Map<string, string[]> {
  return new Map(header.split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name, values]));
}

describe('security headers', () => {
  before(async () => {
    await resetDatabase(await testDb());
  });

  it('sends a strict Content-Security-Policy whose script nonce is on the page’s script and new on every page', async () => {
    const app = await testApp();
    const first = await request(app).get('/login').expect(200);
    const csp = directives(first.headers['content-security-policy']);
    const scripts = csp.get('script-src')!;
    expect(scripts).to.include("'self'");
    expect(scripts.join(' ')).to.not.include('unsafe-inline');
    expect(scripts.join(' ')).to.not.include('unsafe-eval');
    expect(csp.get('object-src')).to.deep.equal(["'none'"]);
    expect(csp.get('frame-ancestors')).to.deep.equal(["'self'"]);
    expect(csp.get('base-uri')).to.deep.equal(["'self'"]);
    expect(csp.get('form-action')).to.deep.equal(["'self'"]);
    const nonce = scripts.find((value) => value.startsWith("'nonce-"))!.slice(7, -1);
    expect(nonce).to.have.length.above(15);
    const tags = first.text.match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).to.be.above(0);
    for (const tag of tags) expect(tag).to.include(`nonce="${nonce}"`);
    const second = await request(app).get('/login');
    expect(second.headers['content-security-policy']).to.not.include(nonce);
    expect(first.headers['x-content-type-options']).to.equal('nosniff');
    expect(first.headers['x-frame-options']).to.equal('SAMEORIGIN');
  });

  it('sends HSTS only when the site is served over https', async () => {
    const http = await request(await testApp()).get('/login');
    expect(http.headers['strict-transport-security']).to.equal(undefined);
    expect(http.headers['content-security-policy']).to.not.include('upgrade-insecure-requests');
    const https = await request(await testApp({ baseUrl: 'https://members.example.test', secureCookies: true })).get('/login');
    expect(https.headers['strict-transport-security']).to.match(/max-age=31536000/);
    expect(https.headers['content-security-policy']).to.include('upgrade-insecure-requests');
  });
});
