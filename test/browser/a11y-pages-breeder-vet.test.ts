import { expect } from 'chai';
import { auditPages, auditSuite } from './a11y/audit.js';

describe('accessibility of every page (axe-core): breeders and vets', function () {
  this.timeout(600_000);
  const site = auditSuite();

  for (const role of ['breeder', 'vet'] as const) {
    it(`finds no serious or critical violation on the ${role} pages`, async () => {
      expect(await auditPages(site, role, site.pages[role]), 'axe violations').to.equal('');
    });
  }
});
