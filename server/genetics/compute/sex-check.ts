import { X_CHROMOSOME } from '../chromosomes.js';
import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';
import { SEX_CHECK_PARAMETERS } from './parameters.js';

export type InferredSex = 'm' | 'f' | null;

export interface SexCheck {
  inferredSex: InferredSex;
  /** Share of called X markers (outside the pseudoautosomal region) that are heterozygous. */
  xHeterozygosity: number;
  /** X markers the call rests on. */
  markers: number;
}

/**
 * Sex from the X: a male has one X, so outside the pseudoautosomal region he is never heterozygous
 * (bar genotyping errors). X heterozygosity is judged against the dog's autosomal heterozygosity,
 * so an inbred female is not mistaken for a male. null when the sample cannot tell.
 */
export function inferSex(panel: MarkerPanel, calls: Calls): SexCheck {
  const P = SEX_CHECK_PARAMETERS;
  let xCalled = 0;
  let xHet = 0;
  let autoCalled = 0;
  let autoHet = 0;
  const { markers } = panel;
  for (let j = 0; j < markers.length; j++) {
    const g = calls[j];
    if (g === NO_CALL || markers[j].kind !== 'snp') continue;
    const chromosome = panel.chromosomes[j];
    if (chromosome === X_CHROMOSOME) {
      if (panel.positions[j] < P.pseudoautosomalEndBp) continue;
      xCalled++;
      if (g === 1) xHet++;
    } else if (chromosome >= 1 && chromosome < X_CHROMOSOME) {
      autoCalled++;
      if (g === 1) autoHet++;
    }
  }
  const xHeterozygosity = xCalled ? xHet / xCalled : 0;
  if (xCalled < P.minXMarkers || autoCalled === 0 || autoHet === 0) return { inferredSex: null, xHeterozygosity, markers: xCalled };
  const ratio = xHeterozygosity / (autoHet / autoCalled);
  const inferredSex = ratio <= P.maleAtMostRatio ? 'm' : ratio >= P.femaleAtLeastRatio ? 'f' : null;
  return { inferredSex, xHeterozygosity, markers: xCalled };
}

/** True when the sex the owner gave and the sex the DNA shows disagree (results are held for review). */
export function sexMismatch(stated: 'm' | 'f' | null | undefined, inferred: InferredSex): boolean {
  return !!stated && !!inferred && stated !== inferred;
}
