import { expect } from 'chai';
import { auditPages, auditSuite, routesNoRoleAudits } from './a11y/audit.js';
import { seriousViolations } from '../support/axe.js';

describe('accessibility of every page (axe-core): the pages anyone can open', function () {
  this.timeout(600_000);
  const site = auditSuite();

  it('audits every page the app serves (each GET route that is not data, a file or a redirect)', () => {
    expect(routesNoRoleAudits(site.app, site.pages), 'pages no role audits: add them to the lists in a11y/audit.ts').to.deep.equal([]);
  });

  it('reports what it looks for: an unnamed button, an image without alt text, grey on grey', async () => {
    const page = await site.newPage();
    await page.setContent('<!doctype html><html lang="en"><title>Broken</title><main><h1>Broken</h1><button><svg width="8" height="8"></svg></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="8" height="8"><p style="color:#bbb;background:#ccc">Faint</p></main></html>');
    const found = (await seriousViolations(page)).map((violation) => violation.id);
    expect(found).to.include.members(['button-name', 'image-alt', 'color-contrast']);
  });

  it('finds no serious or critical violation on the anonymous pages', async () => {
    expect(await auditPages(site, 'anonymous', site.pages.anonymous), 'axe violations').to.equal('');
  });
});
