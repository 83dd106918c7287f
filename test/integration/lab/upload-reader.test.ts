import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { gzipSync, strToU8, zipSync, Zip, ZipDeflate } from 'fflate';
import { resetDatabase, testDb } from '../../support/database.js';
import { genotypeFile, testLab, testWorld } from '../../support/lab.js';
import { TEST_LAB_OPTIONS } from '../../support/app.js';
import { REAL_EXPORTS, realDataPresent } from '../../support/realdata.js';
import { writePlink } from '../../../server/genetics/formats/plink.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import type { Lab } from '../../../server/lab/lab.js';
import { genotypeFilesFromEntries, MAX_EXPORT_MARKERS } from '../../../server/lab/genotype-files.js';
import { IngestError } from '../../../server/lab/ingest-error.js';
import { readForLab, readGenotypeFile, type ReadGenotypeFile } from '../../../server/lab/read-file.js';
import { readUpload } from '../../../server/lab/upload-reader.js';
import { unzip } from '../../../server/lab/unpack.mjs';

type Upload = { name: string; content: Uint8Array }[];

/** The upload read on this thread, as the command line reads it. */
async function readHere(lab: Lab, upload: Upload, swabCode?: string): Promise<ReadGenotypeFile> {
  const [file] = await genotypeFilesFromEntries(upload, swabCode);
  return readGenotypeFile(file, lab.panel);
}

/** The upload read on the upload reader's thread, as the lab page reads it (its buffers are handed over: a copy goes). */
async function readThere(upload: Upload, swabCode?: string): Promise<ReadGenotypeFile> {
  const file = await readUpload(upload.map(({ name, content }) => ({ name, content: content.slice() })), swabCode, TEST_LAB_OPTIONS);
  if ('refused' in file) throw file.refused;
  return file.read;
}

/** What an import takes of a read file: everything but the lookups an array's panel builds (compared through what they are built from). */
function comparable(read: ReadGenotypeFile) {
  const { array, ...parsed } = read.parsed;
  return {
    fileName: read.fileName,
    tfam: read.tfam,
    sha256: read.sha256,
    parsed: { ...parsed, calls: Array.from(parsed.calls) },
    array: array && {
      markers: array.panel.markers,
      chromosomes: Array.from(array.panel.chromosomes),
      positions: Array.from(array.panel.positions),
      centimorgans: Array.from(array.panel.centimorgans),
      autosomalSnps: Array.from(array.panel.autosomalSnps),
      ranges: array.panel.ranges,
      located: array.panel.markers.map((m) => array.panel.indexByLocation.at(m.chromosome, m.position)),
      calls: Array.from(array.calls),
      rest: { unmatched: array.unmatched, uncovered: array.uncovered, markerCount: array.markerCount, skipped: array.skipped },
    },
  };
}

async function refusal(reading: Promise<unknown>): Promise<IngestError> {
  try {
    await reading;
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
  throw new Error('expected the upload to be refused');
}

describe('the upload reader', function () {
  this.timeout(120_000);
  let lab: Lab;

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    lab = await testLab(db);
  });

  it('reads a TSV, a zipped PLINK pair and a real array export into what reading them here gives, for the lab’s own panel', async () => {
    const dog = testWorld().simulator.purebred('beagle', 'm');
    const tsv: Upload = [{ name: 'beagle.tsv', content: strToU8(genotypeFile(dog, 'READERSWAB0001')) }];
    const { tped, tfam } = writePlink(lab.panel, callsOf(dog), { familyId: 'F', individualId: 'Rex', sex: 'm' });
    const plink: Upload = [{ name: 'export.zip', content: zipSync({ 'rex.tped': strToU8(tped), 'rex.tfam': strToU8(tfam) }) }];
    const uploads: [Upload, string?][] = [[tsv], [plink, 'READERSWAB0002']];
    if (realDataPresent()) uploads.push([[{ name: 'Duke.zip', content: new Uint8Array(readFileSync(REAL_EXPORTS.find((dog) => dog.name === 'Duke')!.zipPath)) }], 'READERSWAB0003']);
    for (const [upload, swabCode] of uploads) {
      const there = await readThere(upload, swabCode);
      expect(comparable(there)).to.deep.equal(comparable(await readHere(lab, upload, swabCode)));
      // read for the lab's panel, which the import checks
      expect(there.panelChecksum).to.be.a('string');
      expect(readForLab(there, lab)).to.equal(true);
      expect(readForLab({ ...there, panelChecksum: 'another panel' }, lab)).to.equal(false);
    }
  });

  it('refuses a file as the import would, naming its line, and an upload it cannot open as a whole', async () => {
    const bad: Upload = [{ name: 'bad.tsv', content: strToU8('# swab: READERSWAB0004\nchr1_1\t1\t1\tAA\n') }];
    const here = await refusal(readHere(lab, bad));
    // the reader is handed the upload's buffers: it gets a copy here
    const file = await readUpload(bad.map(({ name, content }) => ({ name, content: content.slice() })), undefined, TEST_LAB_OPTIONS);
    expect(file).to.have.property('fileName', 'bad.tsv');
    expect('refused' in file && file.refused).to.be.instanceOf(IngestError).and.include({ message: here.message, line: here.line });
    expect(here.message).to.match(/^line 2: /);
    expect((await refusal(readUpload([{ name: 'broken.zip', content: strToU8('not a zip') }], undefined, TEST_LAB_OPTIONS))).message).to.equal('broken.zip: not a readable zip');
    // two files sharing one buffer: each is handed over once
    const shared = strToU8('# swab: READERSWAB0004\n');
    const two = [{ name: 'bad.tsv', content: shared }, { name: 'other.tsv', content: shared }];
    expect((await refusal(readUpload(two, undefined, TEST_LAB_OPTIONS))).message).to.equal('The upload holds 2 exports (bad.tsv, other.tsv): upload one dog’s export at a time; nothing changed.');
  });

  it('refuses a file of more markers than the lab reads before decoding it, on its thread and on the command line’s', async () => {
    const lines = (count: number) => strToU8('# swab: READERSWAB0005\n' + 'x\t1\t1\tAA\n'.repeat(count - 1));
    const tooMany = `more than ${MAX_EXPORT_MARKERS} markers: a dog’s raw-data export holds about 230000 (one a line), and the lab reads at most ${MAX_EXPORT_MARKERS}`;
    const zipped = [{ name: 'huge.zip', content: zipSync({ 'dog.tsv': lines(MAX_EXPORT_MARKERS + 1) }) }];
    expect((await refusal(readUpload(zipped, undefined, TEST_LAB_OPTIONS))).message).to.equal(`huge.zip:dog.tsv: refused, ${tooMany}`);
    const gzipped = [{ name: 'dog.tped.gz', content: gzipSync(lines(MAX_EXPORT_MARKERS + 1)) }, { name: 'dog.tfam', content: strToU8('F I 0 0 1 -9\n') }];
    expect((await refusal(genotypeFilesFromEntries(gzipped, 'READERSWAB0005'))).message).to.equal(`dog.tped: refused, ${tooMany}`);
    // one dog's .bed is a byte a marker, its .ped two alleles a marker
    const bed = [{ name: 'dog.bed', content: new Uint8Array(MAX_EXPORT_MARKERS + 4).fill(0x6c, 0, 1).fill(0x1b, 1, 2).fill(1, 2, 3) }];
    expect((await refusal(genotypeFilesFromEntries(bed, 'READERSWAB0005'))).message).to.equal(`dog.bed: refused, ${tooMany}`);
    const ped = [{ name: 'dog.ped', content: strToU8(`F I 0 0 1 -9${' A G'.repeat(MAX_EXPORT_MARKERS + 1)}\n`) }];
    expect((await refusal(genotypeFilesFromEntries(ped, 'READERSWAB0005'))).message).to.equal(`dog.ped: refused, ${tooMany}`);
    // as many lines as the lab reads are read (and this file's problem named)
    const notes = strToU8('# swab: READERSWAB0005\n' + '# a note\n'.repeat(MAX_EXPORT_MARKERS - 1));
    expect((await refusal(readHere(lab, [{ name: 'dog.tsv', content: notes }]))).message).to.match(/^too many no-calls/);
    // a file the lab does not read is named for what it is, however long
    const human = strToU8('# This data file generated by 23andMe\n' + 'rs1\t1\t100\tAG\n'.repeat(MAX_EXPORT_MARKERS + 1));
    expect((await refusal(readUpload([{ name: 'genome.txt', content: human }], undefined, TEST_LAB_OPTIONS))).message).to.match(/^genome\.txt is a human DNA test’s raw data \(23andMe\)/);
  });

  it('unzips a file into one buffer of the size its zip states, and whole when the zip hides its size or misstates it', () => {
    const text = strToU8('rs1\t1\t100\tAG\n'.repeat(30_000));
    const stated = zipSync({ 'dog.tsv': text }, { level: 6 });
    const streamed: Uint8Array[] = [];
    const zip = new Zip((error, chunk) => {
      if (error) throw error;
      streamed.push(chunk);
    });
    const entry = new ZipDeflate('dog.tsv', { level: 6 });
    zip.add(entry);
    entry.push(text, true);
    zip.end();
    const misstated = (size: number) => {
      const copy = stated.slice();
      // the local header's uncompressed size, which the streaming unzip reads
      new DataView(copy.buffer).setUint32(22, size, true);
      return copy;
    };
    for (const archive of [stated, new Uint8Array(Buffer.concat(streamed)), misstated(1000), misstated(10 * text.length)]) {
      const { entries, total } = unzip(archive, 64 * 1024 * 1024, 64 * 1024 * 1024, 32);
      expect(total).to.equal(text.length);
      expect(entries).to.have.length(1);
      expect(Buffer.from(entries[0].content).equals(Buffer.from(text))).to.equal(true);
      // the answer's buffer is the file's alone: it is transferred whole
      expect(entries[0].content.buffer.byteLength).to.equal(text.length);
    }
  });
});
