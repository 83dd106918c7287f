import { X_CHROMOSOME } from '../chromosomes.js';
import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';
import { ROH_PARAMETERS } from './parameters.js';

export interface RunOfHomozygosity {
  chromosome: number;
  startBp: number;
  endBp: number;
  markerCount: number;
}

export interface GenomicInbreeding {
  runs: RunOfHomozygosity[];
  /** Coefficient of inbreeding: share of the covered autosomal genome in runs of homozygosity. */
  coi: number;
  coveredBp: number;
}

/**
 * Runs of homozygosity by a two-state hidden Markov model (autozygous or not) along each autosome,
 * judging homozygosity against the dog's own background frequencies, then keeping runs of at least
 * ROH_PARAMETERS.minRunBp. Works the same on a sparse simulated panel and a 230k-marker array.
 */
export function genomicInbreeding(panel: MarkerPanel, calls: Calls, background: Float32Array): GenomicInbreeding {
  const P = ROH_PARAMETERS;
  const prior = [1 - P.autozygousPrior, P.autozygousPrior];
  const runs: RunOfHomozygosity[] = [];
  let coveredBp = 0;
  let inRunsBp = 0;
  const cm = panel.centimorgans;
  for (const range of panel.ranges) {
    if (range.chromosome >= X_CHROMOSOME) continue;
    const used: number[] = [];
    for (let j = range.start; j < range.end; j++) if (panel.markers[j].kind === 'snp' && calls[j] !== NO_CALL) used.push(j);
    if (used.length < 2) continue;
    coveredBp += panel.positions[used[used.length - 1]] - panel.positions[used[0]];
    const n = used.length;
    const back = new Uint8Array(n * 2);
    let score = [0, 0];
    for (let t = 0; t < n; t++) {
      const j = used[t];
      const g = calls[j];
      const p = Math.min(1 - P.frequencyFloor, Math.max(P.frequencyFloor, background[j]));
      const outbred = g === 0 ? (1 - p) * (1 - p) : g === 1 ? 2 * p * (1 - p) : p * p;
      const autozygous = g === 1 ? P.genotypeError : (1 - P.genotypeError) * (g === 0 ? 1 - p : p);
      const emission = [Math.log(outbred), Math.log(autozygous)];
      if (t === 0) {
        score = [emission[0] + Math.log(prior[0]), emission[1] + Math.log(prior[1])];
        continue;
      }
      const stay = Math.exp(-P.switchPerCm * (cm[j] - cm[used[t - 1]]));
      const next = [0, 0];
      for (let s = 0; s < 2; s++) {
        const fromSame = score[s] + Math.log(stay + (1 - stay) * prior[s]);
        const fromOther = score[1 - s] + Math.log((1 - stay) * prior[s]);
        back[t * 2 + s] = fromSame >= fromOther ? s : 1 - s;
        next[s] = Math.max(fromSame, fromOther) + emission[s];
      }
      score = next;
    }
    const states = new Uint8Array(n);
    states[n - 1] = score[1] > score[0] ? 1 : 0;
    for (let t = n - 1; t > 0; t--) states[t - 1] = back[t * 2 + states[t]];
    let t = 0;
    while (t < n) {
      if (!states[t]) {
        t++;
        continue;
      }
      let u = t;
      while (u + 1 < n && states[u + 1]) u++;
      const startBp = panel.positions[used[t]];
      const endBp = panel.positions[used[u]];
      if (endBp - startBp >= P.minRunBp && u - t + 1 >= P.minRunMarkers) {
        runs.push({ chromosome: range.chromosome, startBp, endBp, markerCount: u - t + 1 });
        inRunsBp += endBp - startBp;
      }
      t = u + 1;
    }
  }
  return { runs, coi: coveredBp > 0 ? inRunsBp / coveredBp : 0, coveredBp };
}
