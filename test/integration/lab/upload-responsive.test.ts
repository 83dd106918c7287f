import { expect } from 'chai';
import express, { type Express } from 'express';
import request from 'supertest';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { dogAwaitingResults, testLab } from '../../support/lab.js';

/**
 * A big array export (490,000 markers, about 21 MB: twice a real one, just within what the lab reads)
 * read as another lab's array: reading it takes a second or so of work, which must not keep the
 * server from answering everyone else.
 */
function bigArrayExport(swabCode: string, markers: number): string {
  const bases = 'ACGT';
  const lines = [`# swab: ${swabCode}`, '# rsid\tchromosome\tposition\tgenotype'];
  let chromosome = 1;
  let position = 0;
  for (let i = 0; i < markers; i++) {
    position += 100 + (i % 97);
    // about 21,600 markers a chromosome: 23 of the 38 autosomes, no position twice
    if (position > 3_200_000) {
      chromosome = (chromosome % 38) + 1;
      position = 1000;
    }
    // probe names as the real exports have them (TIGRP2P175_rs8671583)
    lines.push(`TIGRP2P${String(i).padStart(6, '0')}_rs${8_000_000 + i}\t${chromosome}\t${position}\t${bases[i % 4]}${bases[(i >> 2) % 4]}`);
  }
  return lines.join('\n') + '\n';
}

describe('admin lab upload of a big export', function () {
  this.timeout(120_000);
  const MARKERS = 490_000;
  let app: Express;
  /** Set when the upload's body has all arrived, so the cheap request goes out while the file is read. */
  let bodyReceived: () => void = () => {};

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    const site = await testApp();
    // an outer app sees the upload's body end before the site reads the file
    app = express();
    app.use((req, _res, next) => {
      if (req.method === 'POST' && req.path === '/admin/lab/upload') req.once('end', () => bodyReceived());
      next();
    });
    app.use(site);
    await createUser(db, { email: 'big-upload@example.test', isAdmin: true });
    // the lab is open, as on a server that has imported before: the upload only reads and imports
    await testLab(db);
  });

  it('answers other requests while it reads the file, then imports it as before', async () => {
    const db = await testDb();
    const { petNum, swabCode } = await dogAwaitingResults(db, { sex: 'f' });
    const text = bigArrayExport(swabCode, MARKERS);
    const agent = await signIn(app, 'big-upload@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');

    const order: string[] = [];
    // the import's transaction starts once the file is read: its first statement marks that moment
    const onQuery = (query: { __knexTxId?: string; sql: string }) => {
      if (query.__knexTxId && !order.includes('import began')) order.push('import began');
    };
    let health: Promise<request.Response> | undefined;
    const healthAsked = new Promise<void>((resolve) => {
      bodyReceived = () => {
        order.push('upload received');
        health = request(app).get('/healthz').then((response) => {
          order.push('health answered');
          return response;
        });
        resolve();
      };
    });
    db.on('query', onQuery);
    try {
      const upload = agent.post('/admin/lab/upload').field('_csrf', token).attach('files', Buffer.from(text), 'big-array.tsv').then((response) => {
        order.push('upload answered');
        return response;
      });
      await healthAsked;
      const [uploaded, healthResponse] = await Promise.all([upload, health!]);
      expect(healthResponse.status).to.equal(200);
      expect(uploaded.status, uploaded.text.match(/form-error[^>]*>([^<]*)/)?.[1]).to.equal(200);
      expect(uploaded.text).to.include(`big-array.tsv: swab ${swabCode} released for dog ${petNum}, 0 relatives found (${MARKERS} markers read).`);
    } finally {
      db.off('query', onQuery);
    }
    // the server answered while it read the file, before the import began
    expect(order).to.deep.equal(['upload received', 'health answered', 'import began', 'upload answered']);
    const genotype = await db('genotypes').where({ pet_num: petNum }).first('marker_count', 'source_format', 'is_current');
    expect(genotype).to.deep.equal({ marker_count: MARKERS, source_format: 'raw_tsv', is_current: true });
  });
});
