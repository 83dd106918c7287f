import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { dogAwaitingResults, testLab } from '../../support/lab.js';
import { queuedUploadId, runLabIngestJobs } from '../../support/lab-uploads.js';

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

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    await createUser(db, { email: 'big-upload@example.test', isAdmin: true });
    // the lab is open, as on a server that has imported before: the job only reads and imports
    await testLab(db);
  });

  it('answers the upload at once and other requests while its job reads the file, then imports it as before', async () => {
    const db = await testDb();
    const { petNum, swabCode } = await dogAwaitingResults(db, { sex: 'f' });
    const text = bigArrayExport(swabCode, MARKERS);
    const agent = await signIn(app, 'big-upload@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const id = queuedUploadId(await agent.post('/admin/lab/upload').field('_csrf', token).attach('files', Buffer.from(text), 'big-array.tsv'));
    expect(await db('genotypes').where({ pet_num: petNum })).to.have.length(0);

    const order: string[] = [];
    let health: Promise<request.Response> | undefined;
    // the job reads the file once the database has handed it over; the import's transaction starts once it is read
    const onResponse = (_response: unknown, query: { sql: string }) => {
      if (order.includes('reading began') || !/from "lab_upload_files"/.test(query.sql)) return;
      order.push('reading began');
      health = request(app).get('/healthz').then((response) => {
        order.push('health answered');
        return response;
      });
    };
    const onQuery = (query: { __knexTxId?: string }) => {
      if (query.__knexTxId && order.includes('reading began') && !order.includes('import began')) order.push('import began');
    };
    db.on('query-response', onResponse).on('query', onQuery);
    try {
      expect(await runLabIngestJobs()).to.deep.equal({ done: 1, failed: 0 });
      order.push('job done');
      expect((await health!).status).to.equal(200);
    } finally {
      db.off('query-response', onResponse).off('query', onQuery);
    }
    // the process answered while its job read the file, before the import began
    expect(order).to.deep.equal(['reading began', 'health answered', 'import began', 'job done']);
    const page = await agent.get(`/admin/lab?upload=${id}`).expect(200);
    expect(page.text, page.text.match(/form-error[^>]*>([^<]*)/)?.[1]).to.include(`big-array.tsv: swab ${swabCode} released for dog ${petNum}, 0 relatives found (${MARKERS} markers read).`);
    const genotype = await db('genotypes').where({ pet_num: petNum }).first('marker_count', 'source_format', 'is_current');
    expect(genotype).to.deep.equal({ marker_count: MARKERS, source_format: 'raw_tsv', is_current: true });
  });
});
