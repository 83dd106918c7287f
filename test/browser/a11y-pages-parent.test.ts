import { expect } from 'chai';
import { auditPages, auditSuite } from './a11y/audit.js';

const isResultsPage = (path: string) => path.startsWith('/members/results/');

describe('accessibility of every page (axe-core): a pet parent', function () {
  this.timeout(600_000);
  const site = auditSuite();

  it('finds no serious or critical violation on the parent pages', async () => {
    expect(await auditPages(site, 'parent', site.pages.parent.filter((path) => !isResultsPage(path))), 'axe violations').to.equal('');
  });
});
