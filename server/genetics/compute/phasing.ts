import { NO_CALL, type Calls } from '../genotype.js';

/** Alleles a dog got from each parent: 0/1 per marker, or NO_CALL where the data cannot tell. */
export interface ParentalHaplotypes {
  maternal: Uint8Array;
  paternal: Uint8Array;
  /** Share of heterozygous markers that could be phased. */
  phasedShare: number;
}

/**
 * Trio phasing: where the pup is heterozygous, a homozygous parent shows which allele came from
 * whom. Homozygous markers are phased trivially. Needs at least one genotyped parent.
 */
export function phaseByParents(child: Calls, sire: Calls | null, dam: Calls | null): ParentalHaplotypes {
  const n = child.length;
  const maternal = new Uint8Array(n).fill(NO_CALL);
  const paternal = new Uint8Array(n).fill(NO_CALL);
  let heterozygous = 0;
  let phased = 0;
  for (let j = 0; j < n; j++) {
    const g = child[j];
    if (g === NO_CALL) continue;
    if (g !== 1) {
      maternal[j] = paternal[j] = g / 2;
      continue;
    }
    heterozygous++;
    const s = sire ? sire[j] : NO_CALL;
    const d = dam ? dam[j] : NO_CALL;
    let fromSire: number | null = null;
    if (s === 0 || s === 2) fromSire = s / 2;
    else if (d === 0 || d === 2) fromSire = 1 - d / 2;
    if (fromSire === null) continue;
    paternal[j] = fromSire;
    maternal[j] = 1 - fromSire;
    phased++;
  }
  return { maternal, paternal, phasedShare: heterozygous ? phased / heterozygous : 1 };
}
