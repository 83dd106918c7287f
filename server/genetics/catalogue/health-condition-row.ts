import type { HealthCondition, ModeOfInheritance, Reference, Severity } from './types.js';

const MOI: Record<string, ModeOfInheritance> = {
  AR: 'autosomal recessive',
  AD: 'autosomal dominant',
  ID: 'incomplete dominant',
  XR: 'X-linked recessive',
};

export type HealthRow = readonly [
  id: string,
  name: string,
  gene: string,
  variant: string,
  moi: 'AR' | 'AD' | 'ID' | 'XR',
  severity: Severity,
  /** Approximate CanFam3.1 chromosome and position in Mb. */
  chromosome: number,
  positionMb: number,
  breedSlugs: readonly string[],
  description: string,
  citation?: string,
];

export function geneReference(gene: string): Reference {
  const symbol = gene.split(/[ /]/)[0];
  return {
    citation: `NCBI Gene: ${symbol} in the dog (Canis lupus familiaris)`,
    url: `https://www.ncbi.nlm.nih.gov/gene/?term=${encodeURIComponent(`${symbol}[sym] AND Canis lupus familiaris[orgn]`)}`,
  };
}

export function healthConditionFromRow(row: HealthRow): HealthCondition {
  const [id, name, gene, variant, moi, severity, chromosome, positionMb, breedSlugs, description, citation] = row;
  // OMIA, the catalogue of inherited conditions in animals, is named once on the health page, not in every condition
  const references: Reference[] = [geneReference(gene)];
  if (citation) references.unshift({ citation });
  return {
    id,
    name,
    gene,
    variant,
    moi: MOI[moi],
    severity,
    description,
    breedSlugs,
    references,
    chromosome,
    positionBp: Math.round(positionMb * 1e6),
  };
}
