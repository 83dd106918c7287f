import { expect } from 'chai';
import { createMarkerPanel, locationKey, type Marker } from '../../../server/genetics/panel.js';

const snp = (id: string, chromosome: number, position: number): Marker => ({ id, chromosome, position, ref: 'A', alt: 'G', kind: 'snp' });

describe('finding markers by location', () => {
  const panel = createMarkerPanel([snp('c', 2, 500), snp('a', 1, 100), snp('b', 1, 300), snp('d', 2, 500), snp('e', 39, 10)]);

  it('finds each marker at its chromosome and position in the sorted panel', () => {
    expect(panel.markers.map((m) => m.id)).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
    expect(panel.indexByLocation.at(1, 100)).to.equal(0);
    expect(panel.indexByLocation.at(1, 300)).to.equal(1);
    expect(panel.indexByLocation.at(39, 10)).to.equal(4);
    expect(panel.indexByLocation.get(locationKey(1, 300))).to.equal(1);
    expect(panel.indexByLocation.has(locationKey(39, 10))).to.equal(true);
  });

  it('finds the last of two markers at one position, and nothing where there is none', () => {
    expect(panel.indexByLocation.at(2, 500)).to.equal(3);
    for (const [chromosome, position] of [[1, 99], [1, 101], [1, 301], [2, 499], [3, 500], [0, 0], [40, 10]]) {
      expect(panel.indexByLocation.at(chromosome, position), `${chromosome}:${position}`).to.equal(undefined);
    }
    expect(panel.indexByLocation.has(locationKey(3, 500))).to.equal(false);
  });

  it('refuses a marker id given twice when the ids are first looked up', () => {
    const twice = createMarkerPanel([snp('x', 1, 1), snp('x', 1, 2)]);
    expect(() => twice.indexById.get('x')).to.throw('Duplicate marker id x');
  });
});
