import { expect } from 'chai';
import request from 'supertest';
import { brotliDecompressSync } from 'node:zlib';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';

/** The answer's bytes as sent (supertest would decompress them). */
async function rawGet(app: Express, path: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => http.get({ port, host: '127.0.0.1', path, headers: { 'accept-encoding': acceptEncoding } }, resolve).on('error', reject));
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return { headers: response.headers, body: Buffer.concat(chunks) };
  } finally {
    server.close();
  }
}

describe('compressed answers', () => {
  let app: Express;

  before(async () => {
    await resetDatabase(await testDb());
    app = await testApp();
  });

  it('sends pages with brotli or gzip as the browser accepts, and plain to one that accepts neither', async () => {
    const plain = await request(app).get('/help').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.text).to.include('Help Center');

    const gzip = await request(app).get('/help').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).to.equal('gzip');
    expect(gzip.headers.vary).to.match(/Accept-Encoding/i);
    expect(gzip.text).to.include('Help Center');

    const br = await rawGet(app, '/help', 'br, gzip');
    expect(br.headers['content-encoding']).to.equal('br');
    const html = brotliDecompressSync(br.body).toString('utf8');
    expect(html).to.match(/^<!doctype html>/i);
    expect(html).to.include('Help Center');
    expect(html.length).to.be.closeTo(plain.text.length, 200); // the same page, its nonce and token aside
    expect(br.body.length).to.be.below(Buffer.byteLength(plain.text) / 3);
  });

  it('sends a page as one body of known length, brotli for a browser that lists it after gzip', async () => {
    const page = await rawGet(app, '/help', 'gzip, deflate, br');
    expect(page.headers['content-encoding']).to.equal('br');
    expect(page.headers['transfer-encoding']).to.equal(undefined);
    expect(Number(page.headers['content-length'])).to.equal(page.body.length);
    expect(brotliDecompressSync(page.body).toString('utf8')).to.include('Help Center');
    const head = await request(app).head('/help').set('Accept-Encoding', 'gzip').expect(200);
    expect(head.headers['content-encoding']).to.equal('gzip');
    expect(Number(head.headers['content-length'])).to.be.above(0);
  });

  it('leaves answers under 1 KB alone', async () => {
    const health = await request(app).get('/healthz').set('Accept-Encoding', 'gzip').expect(200);
    expect(health.headers['content-encoding']).to.equal(undefined);
  });

  it('can be turned off for a proxy that compresses (COMPRESSION=false)', async () => {
    const uncompressed = await testApp({ compression: false });
    const response = await request(uncompressed).get('/help').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(response.headers['content-encoding']).to.equal(undefined);
  });
});
