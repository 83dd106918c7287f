import { expect } from 'chai';
import { NO_CALL } from '../../../server/genetics/genotype.js';
import { GenotypeFileError } from '../../../server/genetics/formats/genotype-file-error.js';
import { parseTfam, parseTped, writePlink } from '../../../server/genetics/formats/plink.js';
import { parseTsvGenotypes, writeTsvGenotypes } from '../../../server/genetics/formats/tsv.js';
import { buildSimulatedPanel, createMarkerPanel } from '../../../server/genetics/panel.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { fixture } from './fixture.js';

const small = createMarkerPanel([
  { id: 'chr1_100', chromosome: 1, position: 100, ref: 'A', alt: 'G', kind: 'snp' },
  { id: 'chr1_200', chromosome: 1, position: 200, ref: 'C', alt: 'T', kind: 'snp' },
  { id: 'chr2_50', chromosome: 2, position: 50, ref: 'A', alt: 'C', kind: 'snp' },
]);
const file = (...lines: string[]) => lines.join('\n') + '\n';

function failure(run: () => unknown): GenotypeFileError {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(GenotypeFileError);
    return error as GenotypeFileError;
  }
  throw new Error('expected a GenotypeFileError');
}

describe('consumer raw-data TSV', () => {
  it('reads the swab, genotypes and no-calls in panel order', () => {
    const parsed = parseTsvGenotypes(file('# exported by the lab', '# swab: AB12CD', '# rsid chromosome position genotype', 'chr1_200\t1\t200\tTT', 'chr1_100\t1\t100\tGA', 'chr2_50\t2\t50\t--'), small, { maxNoCallRate: 0.5 });
    expect(parsed.swabCode).to.equal('AB12CD');
    expect(Array.from(parsed.calls)).to.deep.equal([1, 2, NO_CALL]);
    expect(parsed.noCallRate).to.be.closeTo(1 / 3, 1e-9);
  });

  it('names the line of each problem', () => {
    const head = ['# swab: S1'];
    const cases: [string[], RegExp, number][] = [
      [['chr9_1\t9\t1\tAA'], /unknown marker chr9_1/, 2],
      [['chr1_100\t1\t101\tAA'], /chromosome 1 position 100/, 2],
      [['chr1_100\t2\t100\tAA'], /not 2:100/, 2],
      [['chr1_100\t1\t100\tAX'], /bad genotype "AX"/, 2],
      [['chr1_100\t1\t100\tII'], /bad genotype "II"/, 2],
      [['chr1_100\t1\t100\tAC'], /does not use its alleles A\/G/, 2],
      [['chr1_100\t1\t100\tAA', 'chr1_100\t1\t100\tAA'], /appears twice/, 3],
      [['chr1_100 1 100 AA'], /4 tab-separated fields/, 2],
    ];
    for (const [body, message, line] of cases) {
      const error = failure(() => parseTsvGenotypes(file(...head, ...body), small, { maxNoCallRate: 1 }));
      expect(error.message).to.match(message);
      expect(error.line).to.equal(line);
    }
    expect(failure(() => parseTsvGenotypes(file('chr1_100\t1\t100\tAA', 'chr1_200\t1\t200\tCC', 'chr2_50\t2\t50\tAA'), small)).message).to.match(/swab/);
  });

  it('refuses a file with too many no-calls, with the threshold a parameter', () => {
    const text = file('# swab: S1', 'chr1_100\t1\t100\tAA', 'chr1_200\t1\t200\t--', 'chr2_50\t2\t50\tAC');
    expect(failure(() => parseTsvGenotypes(text, small)).message).to.match(/too many no-calls: 33\.3%/);
    expect(parseTsvGenotypes(text, small, { maxNoCallRate: 0.4 }).calls[1]).to.equal(NO_CALL);
  });

  it('round-trips a simulated dog through the download format', () => {
    const { simulator, panel } = fixture();
    const calls = callsOf(simulator.purebred('beagle'), { noCallRate: 0.02, random: simulator.stream('tsv') });
    const text = writeTsvGenotypes(panel, calls, { swabCode: 'ZX-9', comments: ['Dog DNA raw data', 'CanFam3.1'] });
    expect(text.startsWith('# swab: ZX-9\n# Dog DNA raw data\n')).to.equal(true);
    const parsed = parseTsvGenotypes(text, panel);
    expect(parsed.swabCode).to.equal('ZX-9');
    expect(parsed.calls).to.deep.equal(calls);
    expect(parsed.warnings).to.deep.equal([]);
  });
});

describe('PLINK transposed text', () => {
  it('reads the .tfam', () => {
    const [dog] = parseTfam('FAM1 DOG7 0 DAM3 2 -9\n');
    expect(dog).to.deep.equal({ familyId: 'FAM1', individualId: 'DOG7', fatherId: null, motherId: 'DAM3', sex: 'f', phenotype: '-9' });
    expect(parseTfam('F D 0 0 -9 -9\n')[0].sex).to.equal(null);
    expect(failure(() => parseTfam('F D 0 0 3 -9\n')).line).to.equal(1);
  });

  it('matches markers by chromosome and position, reads strands and missing calls', () => {
    const tped = file('1 BICF2G630100 0 200 T C', '1 TIGRP2P1 0 100 T C', '2 chr2_50 0 50 0 0', '5 chr5_1 0 1 A A');
    const parsed = parseTped(tped, small);
    // chr1:100 is A/G on the panel; T C is the other strand: A G, one alt copy
    expect(Array.from(parsed.calls)).to.deep.equal([1, 1, NO_CALL]);
    expect(parsed.unmatched).to.equal(1);
    expect(failure(() => parseTped(file('1 x 0 100 A C'), small)).message).to.match(/not the marker's A\/G/);
    expect(failure(() => parseTped(file('1 x 0 100 A'), small)).line).to.equal(1);
    expect(failure(() => parseTped(file('1 x 0 100 A G', '1 y 0 100 A G'), small)).line).to.equal(2);
  });

  it('builds a panel from the file itself when none is given', () => {
    const parsed = parseTped(file('X chrX_5 0 5 A G', '1 chr1_9 0 9 C C'));
    expect(parsed.panel.markers.map((m) => m.chromosome)).to.deep.equal([1, 39]);
    expect(Array.from(parsed.calls)).to.deep.equal([0, 1]);
  });

  it('round-trips a simulated dog through tped/tfam', () => {
    const { simulator, panel } = fixture();
    const dog = simulator.purebred('boxer', 'm');
    const calls = callsOf(dog, { noCallRate: 0.01, random: simulator.stream('plink') });
    const { tped, tfam } = writePlink(panel, calls, { familyId: 'F1', individualId: `dog${dog.id}`, sex: 'm' });
    expect(parseTfam(tfam)[0]).to.include({ individualId: `dog${dog.id}`, sex: 'm' });
    expect(parseTped(tped, panel).calls).to.deep.equal(calls);
  });

  it('parses a 230,000-marker export back to the same calls', function () {
    this.timeout(30_000);
    const panel = buildSimulatedPanel({ snpCount: 230_000 });
    const calls = Uint8Array.from({ length: panel.markers.length }, (_, j) => (j * 7) % 4);
    const { tped } = writePlink(panel, calls, { familyId: 'F', individualId: 'I', sex: 'f' });
    const parsed = parseTped(tped, panel);
    expect(parsed.calls).to.deep.equal(calls);
  });
});

