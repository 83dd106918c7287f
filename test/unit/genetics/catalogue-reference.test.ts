import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEALTH_CONDITIONS } from '../../../server/genetics/catalogue/health-conditions.js';

// lab-panel-facts.md in REFERENCE_DIR, else in ../shared/reference beside the repository (as the real
// exports are): the conditions a commercial lab's panel tests, as "Condition (GENE, variant)" (issue 35 §5).
const REFERENCE_DIR = process.env.REFERENCE_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/reference');
const REFERENCE = path.join(REFERENCE_DIR, 'lab-panel-facts.md');
/** Rows of the lab's health list that are not conditions: the COI and the MHC class II diversity. */
const NOT_CONDITIONS = ['Coefficient Of Inbreeding', 'MHC Class II - DLA DRB1', 'MHC Class II - DLA DQA1 and DQB1'];

describe('health conditions against the lab panel reference', () => {
  if (!existsSync(REFERENCE)) {
    it.skip(`needs ${REFERENCE}`);
    return;
  }
  const section = readFileSync(REFERENCE, 'utf8').split(/^## Health conditions on the panel.*$/m)[1].split(/^## /m)[0];
  const entries = section.split('\n').filter((line) => line.startsWith('- ')).map((line) => line.slice(2).trim());
  const conditions = entries.filter((entry) => !NOT_CONDITIONS.includes(entry));
  /** The name before the last parenthesis, which holds the gene and the variant. */
  const nameOf = (entry: string) => entry.slice(0, entry.lastIndexOf(' ('));
  const count = (names: string[]) => names.reduce((m, name) => m.set(name, (m.get(name) ?? 0) + 1), new Map<string, number>());

  it('lists 273 conditions and the three rows that are not', () => {
    expect(entries).to.have.length(276);
    expect(conditions).to.have.length(273);
  });

  it('has a row for each, named exactly as the reference names it, as many rows of a name as the reference has variants', () => {
    expect(Object.fromEntries(count(HEALTH_CONDITIONS.map((c) => c.name)))).to.deep.equal(Object.fromEntries(count(conditions.map(nameOf))));
  });

  it('tests each condition on the gene the reference gives', () => {
    for (const entry of conditions) {
      const inside = entry.slice(entry.lastIndexOf(' (') + 2, -1);
      const candidates = HEALTH_CONDITIONS.filter((c) => c.name === nameOf(entry));
      // the gene opens the parenthesis (LPN1 names its locus first); EHPB1L1 is the reference's slip for EHBP1L1
      const genes = inside.replace('EHPB1L1', 'EHBP1L1').split(/[\s,/]+/);
      expect(candidates.some((c) => genes.includes(c.gene.split(/[ /]/)[0])), entry).to.equal(true);
    }
  });
});
