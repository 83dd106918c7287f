import { expect } from 'chai';
import { loadSettings, MissingSettingError } from '../../server/settings.js';
import { MISSING_ENV } from '../../server/shared/messages.js';

describe('settings', () => {
  it('has safe development defaults', () => {
    const settings = loadSettings({});
    expect(settings.port).to.equal(3000);
    expect(settings.dataDir).to.match(/\/data$/);
    expect(settings.databaseUrl).to.equal(undefined);
    expect(settings.isProduction).to.equal(false);
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const settings = loadSettings({ PORT: '4100', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://h/db' });
    expect(settings).to.include({ port: 4100, dataDir: '/tmp/x', databaseUrl: 'postgres://h/db' });
  });

  it("stops production start-up with 'Missing required environment variable' and the name", () => {
    expect(() => loadSettings({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' })).to.throw(MissingSettingError, `${MISSING_ENV}: SESSION_SECRET`);
    expect(() => loadSettings({ NODE_ENV: 'production', SESSION_SECRET: 's' })).to.throw(`${MISSING_ENV}: DATABASE_URL`);
    expect(() => loadSettings({ NODE_ENV: 'production', SESSION_SECRET: 's', DATABASE_URL: 'postgres://h/db' })).to.throw(`${MISSING_ENV}: BASE_URL`);
    expect(loadSettings({ NODE_ENV: 'production', SESSION_SECRET: 's', DATABASE_URL: 'postgres://h/db', BASE_URL: 'https://x.test' }).nodeEnv).to.equal('production');
  });

  it('recognises production by one hostname, not by NODE_ENV (spec 1 §9)', () => {
    const real = { SESSION_SECRET: 's', DATABASE_URL: 'postgres://h/db' };
    expect(loadSettings({ ...real, NODE_ENV: 'production', BASE_URL: 'https://embarkvet.com' }).isProduction).to.equal(true);
    // a deployed build on any other host (staging, a benchmark box) is development
    expect(loadSettings({ ...real, NODE_ENV: 'production', BASE_URL: 'https://staging.embarkvet.com' }).isProduction).to.equal(false);
    expect(loadSettings({ ...real, NODE_ENV: 'production', BASE_URL: 'http://127.0.0.1:3999' }).isProduction).to.equal(false);
    // the production host is production even when NODE_ENV was forgotten
    expect(loadSettings({ ...real, BASE_URL: 'https://embarkvet.com/' }).isProduction).to.equal(true);
    expect(loadSettings({ ...real, PRODUCTION_HOSTNAME: 'dogs.example.com', BASE_URL: 'https://dogs.example.com' }).isProduction).to.equal(true);
    expect(loadSettings({ ...real, PRODUCTION_HOSTNAME: 'dogs.example.com', BASE_URL: 'https://embarkvet.com' }).isProduction).to.equal(false);
  });

  it('asks the production host for the real settings and loads no demo data there, whatever NODE_ENV says', () => {
    expect(() => loadSettings({ BASE_URL: 'https://embarkvet.com', DATABASE_URL: 'postgres://h/db' })).to.throw(MissingSettingError, `${MISSING_ENV}: SESSION_SECRET`);
    expect(() => loadSettings({ BASE_URL: 'https://embarkvet.com', SESSION_SECRET: 's' })).to.throw(`${MISSING_ENV}: DATABASE_URL`);
    expect(loadSettings({ BASE_URL: 'https://embarkvet.com', SESSION_SECRET: 's', DATABASE_URL: 'postgres://h/db' }).loadDemoData).to.equal(false);
    expect(loadSettings({ BASE_URL: 'https://staging.example.com' }).loadDemoData).to.equal(true);
  });

  it('refuses a PORT that is not a port number', () => {
    expect(() => loadSettings({ PORT: 'eighty' })).to.throw(/PORT/);
  });

  it('makes cookies Secure exactly when BASE_URL is https, and trusts proxies only when told', () => {
    const local = loadSettings({ PORT: '4100' });
    expect(local.baseUrl).to.equal('http://localhost:4100');
    expect(local.secureCookies).to.equal(false);
    expect(local.trustProxy).to.equal(false);
    const proxied = loadSettings({ BASE_URL: 'https://dogs.example.com/', TRUST_PROXY: '1' });
    expect(proxied.baseUrl).to.equal('https://dogs.example.com');
    expect(proxied.secureCookies).to.equal(true);
    expect(proxied.trustProxy).to.equal(1);
    expect(() => loadSettings({ BASE_URL: 'ftp://x' })).to.throw('BASE_URL');
  });
});
