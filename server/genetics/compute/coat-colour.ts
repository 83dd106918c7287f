import { copiesOf, type LocusGenotype } from './traits.js';

/** Genotypes at the colour loci; a missing locus is assumed to be the common, non-modifying one. */
export interface ColourGenotypes {
  E?: LocusGenotype;
  K?: LocusGenotype;
  A?: LocusGenotype;
  B?: LocusGenotype;
  D?: LocusGenotype;
  M?: LocusGenotype;
  S?: LocusGenotype;
}

export interface CoatColour {
  /** Colour of the dark (eumelanin) pigment: Black, Liver, Blue or Isabella. */
  pigment: 'Black' | 'Liver' | 'Blue' | 'Isabella';
  /** What the K, A and E loci make of the coat. */
  pattern: 'Red/Yellow' | 'Solid' | 'Brindle' | 'Sable' | 'Agouti' | 'Tan points' | 'Recessive black';
  merle: 'none' | 'merle' | 'double merle';
  whiteSpotting: 'little or none' | 'some' | 'extensive';
  mask: boolean;
  /** Human-readable prediction, e.g. "Liver and tan" or "Red/yellow with liver nose". */
  name: string;
}

/**
 * Epistasis as the loci act on a dog: e/e hides K and A (no dark coat pigment); otherwise KB gives
 * a solid coat, kbr brindle, and ky lets the A locus show. B and D recolour the dark pigment;
 * M and S overlay patterns.
 */
export function predictCoatColour(g: ColourGenotypes): CoatColour {
  const bb = g.B ? copiesOf(g.B, 'b') === 2 : false;
  const dd = g.D ? copiesOf(g.D, 'd') === 2 : false;
  const pigment = bb && dd ? 'Isabella' : bb ? 'Liver' : dd ? 'Blue' : 'Black';
  const recessiveRed = g.E ? copiesOf(g.E, 'e') === 2 : false;
  const mask = !recessiveRed && (g.E ? copiesOf(g.E, 'Em') > 0 : false);
  const k = g.K?.[0] ?? 'ky';
  const a = g.A?.[0] ?? 'aw';
  const pattern: CoatColour['pattern'] = recessiveRed
    ? 'Red/Yellow'
    : k === 'KB'
      ? 'Solid'
      : k === 'kbr'
        ? 'Brindle'
        : a === 'ay'
          ? 'Sable'
          : a === 'aw'
            ? 'Agouti'
            : a === 'at'
              ? 'Tan points'
              : 'Recessive black';
  const mCopies = g.M ? copiesOf(g.M, 'M') : 0;
  const merle = recessiveRed || mCopies === 0 ? 'none' : mCopies === 1 ? 'merle' : 'double merle';
  const spCopies = g.S ? copiesOf(g.S, 'sp') : 0;
  const whiteSpotting = spCopies === 2 ? 'extensive' : spCopies === 1 ? 'some' : 'little or none';
  return { pigment, pattern, merle, whiteSpotting, mask, name: colourName(pigment, pattern, merle, whiteSpotting, mask) };
}

function colourName(pigment: CoatColour['pigment'], pattern: CoatColour['pattern'], merle: CoatColour['merle'], spotting: CoatColour['whiteSpotting'], mask: boolean): string {
  let name: string;
  if (pattern === 'Red/Yellow') name = pigment === 'Black' ? 'Red/yellow' : `Red/yellow with ${pigment.toLowerCase()} nose`;
  else if (pattern === 'Solid' || pattern === 'Recessive black') name = pigment;
  else if (pattern === 'Tan points') name = `${pigment} and tan`;
  else if (pattern === 'Brindle') name = `${pigment} brindle`;
  else if (pattern === 'Sable') name = `Fawn/sable (${pigment.toLowerCase()} tipping)`;
  else name = `Agouti (${pigment.toLowerCase()} banding)`;
  if (merle === 'merle') name = `${name}, merle`;
  if (merle === 'double merle') name = `${name}, double merle (mostly white)`;
  if (mask) name = `${name} with mask`;
  if (spotting === 'extensive') name = `${name} with extensive white`;
  return name;
}
