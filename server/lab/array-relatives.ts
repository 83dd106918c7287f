import type { Db } from '../db/index.js';
import { callRemapper, unpackGenotype, type Calls } from '../genetics/genotype.js';
import type { MarkerPanel } from '../genetics/panel.js';
import { arrayKinshipCategory, ibdOneShare, KING_MIN_MARKERS, kingKinship } from '../genetics/compute/king.js';
import { displayRelatedness } from '../genetics/compute/relatedness.js';
import { CATEGORY_KEYS } from './relative-matching.js';
import type { RelativeMatch } from './relatives-store.js';
import { loadPanel } from './panel-load.js';

interface ArrayDog {
  panelId: number;
  panel: MarkerPanel;
  petNum: number;
  calls: Calls;
}

/**
 * Relatives of a dog typed on a real array: KING-robust kinship with every dog typed on an array,
 * its own or another version of it (another lab's export, an older chip), compared on the
 * positions both carry, their alleles matched by base (strand flips handled, see alignAlleles), so
 * the same kinship comes out whichever dog was imported first. Dogs on the lab's simulated panel
 * share too few positions to be compared.
 */
export async function findArrayRelatives(db: Db, labPanelId: number, dog: ArrayDog): Promise<RelativeMatch[]> {
  const others: { pet_num: number; panel_id: number; calls: Buffer; marker_count: number }[] = await db('genotypes')
    .where({ is_current: true, lab_review_hold: false })
    .whereNot('panel_id', labPanelId)
    .whereNot('pet_num', dog.petNum)
    .whereNotNull('pet_num')
    .select('pet_num', 'panel_id', 'calls', 'marker_count');
  const remappers = new Map<number, (calls: Calls) => Calls>();
  const matches: RelativeMatch[] = [];
  for (const other of others) {
    const stored = unpackGenotype(new Uint8Array(other.calls), other.marker_count);
    let remap = remappers.get(other.panel_id);
    if (!remap) {
      remap = other.panel_id === dog.panelId ? (calls: Calls) => calls : callRemapper(await loadPanel(db, other.panel_id), dog.panel);
      remappers.set(other.panel_id, remap);
    }
    const otherCalls = remap(stored);
    // autosomes only: X, Y and mitochondria are hemizygous or haploid in some dogs, which reads as homozygosity
    const { kinship, markers } = kingKinship(dog.calls, otherCalls, dog.panel.autosomalSnps, dog.panel.autosomalSnps);
    if (markers < KING_MIN_MARKERS) continue;
    // inbreeding lowers KING-robust kinship: long stretches sharing a copy tell close relatives of inbred dogs
    const { key, kinship: reported } = arrayKinshipCategory(kinship, () => ibdOneShare(dog.panel, dog.calls, otherCalls, dog.panel.autosomalSnps));
    if (!key) continue;
    matches.push({
      otherPetNum: other.pet_num,
      kinship: reported,
      // no breed background on an array export: the puppies' expected COI is the parents' kinship
      offspringCoi: Math.max(0, reported),
      sharedTotalMb: 0,
      longestSegmentMb: 0,
      segmentCount: 0,
      category: CATEGORY_KEYS[key],
      displayRelatedness: displayRelatedness(Math.min(1, 2 * reported)),
    });
  }
  return matches;
}
