import { expect } from 'chai';
import { zipSync } from 'fflate';
import { Refused, unzip } from '../../../server/lab/unzip-worker.mjs';
import { MAX_UNZIP_THREADS, newUnzipBudget, unzipEntries, unzipThreadUse } from '../../../server/lab/unzip.js';

const MB = 1024 * 1024;

describe('unzipping on the worker thread', () => {
  it('refuses a zip bomb within a slice of the limit, not after inflating it in full', () => {
    // 64 MB of zeros packs into about 64 KB; the limit here is 4 MB
    const bomb = zipSync({ 'dog.tped': new Uint8Array(64 * MB) }, { level: 9 });
    expect(bomb.length).to.be.below(MB);
    let refusal: (Error & { unzippedBytes?: number }) | undefined;
    try {
      unzip(bomb, 4 * MB, 4 * MB, 32);
    } catch (error) {
      refusal = error as Error & { unzippedBytes?: number };
    }
    expect(refusal).to.be.instanceOf(Refused);
    expect(refusal!.message).to.equal('more than 4 MB once unzipped');
    // one 16 KB slice of deflate unpacks to at most 1032 times as much
    expect(refusal!.unzippedBytes).to.be.above(4 * MB).and.at.most(4 * MB + 1032 * 16 * 1024);
  });

  it('unzips an export within the limit whole, slice by slice', () => {
    const text = new TextEncoder().encode('# swab: X\nrs1\t1\t100\tAG\n'.repeat(50_000));
    const { entries, total } = unzip(zipSync({ 'dog.tsv': text, 'notes/': new Uint8Array(0) }, { level: 6 }), 64 * MB, 64 * MB, 32);
    expect(entries.map((entry: { name: string }) => entry.name)).to.deep.equal(['dog.tsv']);
    expect(total).to.equal(text.length);
    expect(Buffer.from(entries[0].content).equals(Buffer.from(text))).to.equal(true);
  });

  it('unzips at most two uploads at a time; the others wait their turn and then unzip', async () => {
    const zip = zipSync({ 'dog.tsv': new TextEncoder().encode('rs1\t1\t100\tAG\n'.repeat(1000)) });
    const threadsSeen: number[] = [];
    const unzipping = Array.from({ length: 5 }, (_, i) =>
      unzipEntries(`upload-${i}.zip`, zip, newUnzipBudget()).then((entries) => {
        threadsSeen.push(unzipThreadUse().threads);
        return entries;
      }),
    );
    expect(unzipThreadUse().waiting).to.be.at.least(5 - MAX_UNZIP_THREADS);
    const results = await Promise.all(unzipping);
    expect(results.map((entries) => entries.map((entry) => entry.name))).to.deep.equal(Array(5).fill(['dog.tsv']));
    expect(Math.max(...threadsSeen)).to.be.within(1, MAX_UNZIP_THREADS);
    expect(unzipThreadUse().waiting).to.equal(0);
  });
});
