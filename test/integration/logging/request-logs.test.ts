import { expect } from 'chai';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import { logLevelFrom, writeLogsTo } from '../../../server/logging/logger.js';

describe('request logs', () => {
  let app: Express;
  let lines: Record<string, unknown>[];
  let restore: () => void;
  let userId: number;

  beforeEach(async () => {
    const db = await testDb();
    await resetDatabase(db);
    userId = (await createUser(db, { email: 'logged@example.test' })).id;
    app = await testApp({ logLevel: 'info' });
    lines = [];
    restore = writeLogsTo({ write: (line: string) => lines.push(JSON.parse(line)) });
  });

  afterEach(() => {
    restore();
  });

  it('logs one JSON line per request with request id, user id, method, path, status and duration', async () => {
    const agent = await signIn(app, 'logged@example.test', TEST_PASSWORD);
    lines.length = 0;
    const response = await agent.get('/members?secret=in-the-query').set('x-request-id', 'trace-abc-123').expect(200);
    expect(response.headers['x-request-id']).to.equal('trace-abc-123');
    const line = lines.find((entry) => (entry.req as { path?: string })?.path === '/members');
    expect(line, JSON.stringify(lines)).to.not.equal(undefined);
    expect(line).to.deep.include({ level: 30, userId, req: { id: 'trace-abc-123', method: 'GET', path: '/members' }, res: { statusCode: 200 } });
    expect(line!.responseTime).to.be.a('number');
  });

  it('never logs passwords, cookies, tokens or query strings', async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    await agent.post('/login').type('form').send({ email: 'logged@example.test', password: 'wrong-password-123', _csrf: token });
    await agent.get('/members/results/summary?i=5&token=abc').set('cookie', 'connect.sid=s%3Asecret-cookie');
    const all = JSON.stringify(lines);
    expect(lines.length).to.be.at.least(3);
    for (const secret of ['wrong-password-123', token, 'secret-cookie', 'token=abc', 'connect.sid']) expect(all).to.not.include(secret);
  });

  it('logs a request the client abandoned at info level, not as an error', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      // a body announced but never sent in full: the request is still being read when the client leaves
      const reading = new Promise((resolve) => server.once('request', resolve));
      socket.write('POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nemail=');
      await reading;
      const logged = new Promise<Record<string, unknown>>((resolve) => {
        restore();
        restore = writeLogsTo({
          write: (line: string) => {
            const entry = JSON.parse(line);
            lines.push(entry);
            if (entry.msg === 'POST /login aborted') resolve(entry);
          },
        });
      });
      socket.destroy();
      expect(await logged, JSON.stringify(lines)).to.deep.include({ level: 30 });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('logs an upload the visitor left mid-way at debug level, not as a level-50 server error', async () => {
    const db = await testDb();
    const petNum = await createPet(db, userId, { name: 'Rex' });
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    const signedIn = await agent.post('/login').type('form').send({ email: 'logged@example.test', password: TEST_PASSWORD, _csrf: token }).expect(302);
    const cookie = (signedIn.headers['set-cookie'] as unknown as string[]).map((set) => set.split(';')[0]).join('; ');
    app = await testApp({ logLevel: 'debug' });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      // the upload parser is reading the body once it listens for the client going away
      const parsing = new Promise<void>((resolve) =>
        server.once('request', (req) => req.on('newListener', (event: string) => event === 'aborted' && resolve())),
      );
      const failed = new Promise<Record<string, unknown>>((resolve) => {
        restore();
        restore = writeLogsTo({
          write: (line: string) => {
            const entry = JSON.parse(line);
            lines.push(entry);
            if (entry.err) resolve(entry);
          },
        });
      });
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const boundary = 'abandoned-upload';
      socket.write(
        `POST /members/pet/${petNum}/media HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rex.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      await parsing;
      socket.destroy();
      const line = await failed;
      expect(line.level, JSON.stringify(line)).to.be.below(40);
      expect(lines.filter((entry) => (entry.level as number) >= 50), JSON.stringify(lines)).to.deep.equal([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is silent under NODE_ENV=test unless LOG_LEVEL says otherwise', () => {
    expect(logLevelFrom(undefined, 'test')).to.equal('silent');
    expect(logLevelFrom(undefined, 'production')).to.equal('info');
    expect(logLevelFrom('debug', 'test')).to.equal('debug');
    expect(() => logLevelFrom('loud', 'test')).to.throw(/LOG_LEVEL must be one of/);
  });
});
