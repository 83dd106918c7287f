import { X_CHROMOSOME } from '../chromosomes.js';
import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';
import { ROH_PARAMETERS } from './parameters.js';

export interface RunOfHomozygosity {
  chromosome: number;
  startBp: number;
  endBp: number;
  markerCount: number;
  /** Evidence for autozygosity, in nats (natural-log likelihood ratio). */
  score: number;
}

export interface GenomicInbreeding {
  runs: RunOfHomozygosity[];
  /** Coefficient of inbreeding: share of the covered autosomal genome in runs of homozygosity. */
  coi: number;
  coveredBp: number;
}

/**
 * Runs of homozygosity, the same way on our sparse simulated panel and on a 230k-marker array
 * (ROH_PARAMETERS, calibrated on real exports): along each autosome every called SNP scores the
 * log-likelihood ratio of "autozygous" (homozygous but for a genotyping error) against "not"
 * (homozygous as often as the background says): a homozygous call adds ln((1 - e) / h), a
 * heterozygous one ln(e / (1 - h)). A run is a stretch whose score climbs; it ends once its score
 * falls `dropScore` below its best (a couple of heterozygotes close together). It counts when its
 * score reaches `minScore` (the marker-density rule: a sparse panel needs a longer stretch to say
 * as much) and it spans `minRunBp`. h comes from allele frequencies when the dog's breed background
 * is known (our panel), else from the dog's own autosomal homozygosity (an array without
 * reference breeds).
 */
export function genomicInbreeding(panel: MarkerPanel, calls: Calls, background?: Float32Array): GenomicInbreeding {
  const P = ROH_PARAMETERS;
  const ownHomozygosity = background ? 0 : autosomalHomozygosity(panel, calls);
  const runs: RunOfHomozygosity[] = [];
  let coveredBp = 0;
  let inRunsBp = 0;
  const scoresFor = (h: number): [heterozygous: number, homozygous: number] => {
    const bounded = Math.min(1 - P.genotypeError, Math.max(P.genotypeError, h));
    return [Math.log(P.genotypeError / (1 - bounded)), Math.log((1 - P.genotypeError) / bounded)];
  };
  // without a breed background every marker scores the same: two logarithms for the whole genome
  const [ownHet, ownHom] = scoresFor(ownHomozygosity);
  for (const range of panel.ranges) {
    if (range.chromosome < 1 || range.chromosome >= X_CHROMOSOME) continue;
    const used: number[] = [];
    for (let j = range.start; j < range.end; j++) if (panel.markers[j].kind === 'snp' && calls[j] !== NO_CALL) used.push(j);
    if (used.length < 2) continue;
    coveredBp += panel.positions[used[used.length - 1]] - panel.positions[used[0]];
    const scores = new Float64Array(used.length);
    for (let t = 0; t < used.length; t++) {
      const j = used[t];
      if (background) {
        const p = Math.min(1 - P.frequencyFloor, Math.max(P.frequencyFloor, background[j]));
        const [het, hom] = scoresFor(1 - 2 * p * (1 - p));
        scores[t] = calls[j] === 1 ? het : hom;
      } else {
        scores[t] = calls[j] === 1 ? ownHet : ownHom;
      }
    }
    let start = -1;
    let total = 0;
    let best = 0;
    let bestEnd = -1;
    const close = () => {
      if (start < 0 || best < P.minScore) return;
      const startBp = panel.positions[used[start]];
      const endBp = panel.positions[used[bestEnd]];
      if (endBp - startBp < P.minRunBp) return;
      runs.push({ chromosome: range.chromosome, startBp, endBp, markerCount: bestEnd - start + 1, score: best });
      inRunsBp += endBp - startBp;
    };
    for (let t = 0; t < used.length; t++) {
      const s = scores[t];
      if (start < 0) {
        if (s > 0) {
          start = t;
          total = best = s;
          bestEnd = t;
        }
        continue;
      }
      total += s;
      if (total > best) {
        best = total;
        bestEnd = t;
      }
      if (total <= 0 || total < best - P.dropScore) {
        close();
        // the next run may start right after this one's best end
        t = bestEnd;
        start = -1;
      }
    }
    close();
  }
  return { runs, coi: coveredBp > 0 ? inRunsBp / coveredBp : 0, coveredBp };
}

/** Share of the dog's called autosomal SNPs that are homozygous. */
function autosomalHomozygosity(panel: MarkerPanel, calls: Calls): number {
  let called = 0;
  let homozygous = 0;
  for (const j of panel.autosomalSnps) {
    if (calls[j] === NO_CALL) continue;
    called++;
    if (calls[j] !== 1) homozygous++;
  }
  return called ? homozygous / called : 0.5;
}
