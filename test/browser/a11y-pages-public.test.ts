import { expect } from 'chai';
import { auditPages, auditSuite, routesNoRoleAudits } from './a11y/audit.js';

describe('accessibility of every page (axe-core): the pages anyone can open', function () {
  this.timeout(600_000);
  const site = auditSuite();

  it('audits every page the app serves (each GET route that is not data, a file or a redirect)', () => {
    expect(routesNoRoleAudits(site.app, site.pages), 'pages no role audits: add them to the lists in a11y/audit.ts').to.deep.equal([]);
  });

  it('finds no serious or critical violation on the anonymous pages', async () => {
    expect(await auditPages(site, 'anonymous', site.pages.anonymous), 'axe violations').to.equal('');
  });
});
