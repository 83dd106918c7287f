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
    expect(loadSettings({ NODE_ENV: 'production', SESSION_SECRET: 's', DATABASE_URL: 'postgres://h/db' }).isProduction).to.equal(true);
  });

  it('refuses a PORT that is not a port number', () => {
    expect(() => loadSettings({ PORT: 'eighty' })).to.throw(/PORT/);
  });
});
