import { expect } from 'chai';
import request from 'supertest';
import { testApp } from '../support/app.js';

describe('GET /healthz', () => {
  it('answers 200 once the database is ready, without creating a session', async () => {
    const response = await request(await testApp()).get('/healthz').expect(200);
    expect(response.body).to.deep.include({ status: 'ok' });
    expect(response.body.resultsCache).to.have.keys('hits', 'misses', 'entries');
    expect(response.headers['set-cookie']).to.equal(undefined);
  });

  it('answers unknown pages with 404', async () => {
    await request(await testApp()).get('/no-such-page').expect(404);
  });
});
