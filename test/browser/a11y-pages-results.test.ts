import { expect } from 'chai';
import { PHONE } from '../support/browser.js';
import { auditPages, auditSuite } from './a11y/audit.js';

describe('accessibility of every page (axe-core): a pet parent\u2019s results', function () {
  this.timeout(600_000);
  const site = auditSuite();

  it('finds no serious or critical violation on the parent\u2019s results pages', async () => {
    expect(await auditPages(site, 'parent', site.pages.parent.filter((path) => path.startsWith('/members/results/'))), 'axe violations').to.equal('');
  });

  it('finds none on a phone either (390 px: the results navigation, the health page, tables that scroll)', async () => {
    const parentPages = site.pages.parent.filter((path) => /results\/(summary|health|traits|relatives)\?/.test(path) || path === '/members');
    const found = [await auditPages(site, 'parent', parentPages, PHONE), await auditPages(site, 'vet', ['/members/shopify/vet'], PHONE)];
    expect(found.filter(Boolean).join('\n'), 'axe violations').to.equal('');
  });
});
