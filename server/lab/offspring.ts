import { NO_CALL, type Calls } from '../genetics/genotype.js';
import type { MarkerPanel } from '../genetics/panel.js';
import { MT_CHROMOSOME, X_CHROMOSOME, Y_CHROMOSOME } from '../genetics/chromosomes.js';
import { createRandom } from '../genetics/prng.js';

/**
 * A puppy's genotype from its parents' stored genotypes, for trying the lab with dogs made outside
 * the simulator. Genotypes are unphased, so each parent passes one allele a marker at random;
 * a son gets his X from his dam only; the mitochondria come from the dam, the Y from the sire to sons.
 */
export function offspringCalls(panel: MarkerPanel, sire: Calls, dam: Calls, sex: 'm' | 'f', seed: number): Calls {
  const random = createRandom(seed);
  const allele = (copies: number) => (copies === 1 ? (random.next() < 0.5 ? 1 : 0) : copies / 2);
  const calls = new Uint8Array(sire.length);
  for (let i = 0; i < calls.length; i++) {
    const fromSire = sire[i];
    const fromDam = dam[i];
    if (panel.chromosomes[i] === MT_CHROMOSOME) {
      calls[i] = fromDam;
      continue;
    }
    if (panel.chromosomes[i] === Y_CHROMOSOME) {
      calls[i] = sex === 'm' ? fromSire : NO_CALL;
      continue;
    }
    if (panel.chromosomes[i] === X_CHROMOSOME && sex === 'm') {
      calls[i] = fromDam === NO_CALL ? NO_CALL : 2 * allele(fromDam);
      continue;
    }
    calls[i] = fromSire === NO_CALL || fromDam === NO_CALL ? NO_CALL : allele(fromSire) + allele(fromDam);
  }
  return calls;
}
