// Pure rules of the health results pages: order, words for calls and modes of inheritance.

export type HealthCall = 'clear' | 'carrier' | 'at_risk' | 'no_call' | 'not_tested';

export interface HealthCondition {
  id: number;
  name: string;
  severity: 'low' | 'moderate' | 'high';
  gene: string;
  variant: string | null;
  modeOfInheritance: string;
  description: string;
  references: { citation: string; url?: string }[];
  isBeta: boolean;
  call: HealthCall;
  variantCopies: number | null;
  resultText: string;
  isBreedRelevant: boolean;
}

const CALL_RANK: Record<HealthCall, number> = { at_risk: 0, carrier: 1, clear: 2, no_call: 3, not_tested: 4 };
const SEVERITY_RANK = { high: 0, moderate: 1, low: 2 } as const;

// localeCompare with options makes a collator per call: a page of 273 conditions sorts with these.
const BY_TEXT = new Intl.Collator();
const BY_NUMBERED_TEXT = new Intl.Collator(undefined, { numeric: true });

/**
 * Issue 4: at risk first, then carrier, then clear (failed and untested calls last); within a
 * call, breed-relevant conditions before the others, then the more severe, then by name. The
 * panel tests several variants of some conditions under one name (issue 35 §5): those follow
 * by gene and variant (Exon 5 before Exon 10), so the page keeps one order whatever order the
 * rows were read in.
 */
export function compareHealthResults(a: HealthCondition, b: HealthCondition): number {
  return (
    CALL_RANK[a.call] - CALL_RANK[b.call] ||
    Number(b.isBreedRelevant) - Number(a.isBreedRelevant) ||
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    BY_TEXT.compare(a.name, b.name) ||
    BY_TEXT.compare(a.gene, b.gene) ||
    BY_NUMBERED_TEXT.compare(a.variant ?? '', b.variant ?? '')
  );
}

/** "Pyruvate Kinase Deficiency (Exon 5, Basenji Variant)" where two conditions share a name; the bare name elsewhere. */
export function conditionLabels(conditions: readonly { name: string; gene: string; variant: string | null }[]): string[] {
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const c of conditions) {
    count(c.name);
    count(`${c.name}\u0000${c.variant ?? ''}`);
  }
  // two variants worded alike (the panel's two attenuating copper variants of Labradors) are told apart by their gene
  const variantLabel = (c: (typeof conditions)[number]) =>
    !c.variant ? `gene ${c.gene}` : (counts.get(`${c.name}\u0000${c.variant}`) ?? 0) > 1 ? `${c.gene}, ${c.variant}` : c.variant;
  return conditions.map((c) => ((counts.get(c.name) ?? 0) > 1 ? `${c.name} (${variantLabel(c)})` : c.name));
}

export function orderHealthResults<T extends HealthCondition>(conditions: readonly T[]): T[] {
  return [...conditions].sort(compareHealthResults);
}

export const CALL_LABELS: Record<HealthCall, string> = {
  at_risk: 'At risk',
  carrier: 'Carrier',
  clear: 'Clear',
  no_call: 'No result',
  not_tested: 'Not tested',
};

export const SEVERITY_LABELS = { low: 'Low severity', moderate: 'Moderate severity', high: 'High severity' } as const;

const MOI_WORDS: Record<string, string> = {
  autosomal_recessive: 'Autosomal recessive: a dog needs two copies of the variant, one from each parent, to be at risk.',
  autosomal_dominant: 'Autosomal dominant: one copy of the variant is enough to put a dog at risk.',
  autosomal_incomplete_dominance: 'Incomplete dominance: one copy raises the risk; two copies raise it further.',
  autosomal_codominant: 'Codominant: each copy of the variant has its own visible effect.',
  x_linked_recessive: 'X-linked recessive: males with one copy are at risk; females need two copies.',
  x_linked_dominant: 'X-linked dominant: one copy on an X chromosome is enough to put a dog at risk.',
  complex: 'Complex: several genes and the environment play a part; the variant raises the risk.',
};

export function modeOfInheritanceWords(mode: string): string {
  return MOI_WORDS[mode] ?? mode.replace(/_/g, ' ');
}

/** Shown on every health page: what carrier and at risk mean. */
export const CARRIER_VERSUS_AT_RISK =
  'A carrier has one copy of a recessive variant: the dog is not expected to be affected, but can pass the variant on to its puppies. ' +
  'At risk means the dog has the copies the condition needs (two for a recessive condition, one for a dominant one), so it may develop the condition: talk to your vet.';

export const NOT_TESTED_TEXT = 'not tested on this sample';

export interface HealthCounts {
  total: number;
  atRisk: number;
  carrier: number;
  clear: number;
  notTested: number;
  breedRelevant: number;
}

export function healthCounts(conditions: readonly HealthCondition[]): HealthCounts {
  const count = (test: (c: HealthCondition) => boolean) => conditions.filter(test).length;
  return {
    total: conditions.length,
    atRisk: count((c) => c.call === 'at_risk'),
    carrier: count((c) => c.call === 'carrier'),
    clear: count((c) => c.call === 'clear'),
    notTested: count((c) => c.call === 'no_call' || c.call === 'not_tested'),
    breedRelevant: count((c) => c.isBreedRelevant),
  };
}

export interface HealthGroup {
  key: 'clear-breed-relevant' | 'clear-other' | 'not-tested';
  title: string;
  conditions: HealthCondition[];
}

/**
 * Issue 20: the page leads with the few results that matter (at risk, then carrier), and folds the
 * many clear ones into groups (breed-relevant, other), with failed and untested calls last.
 * Each part keeps the page order of orderHealthResults.
 */
export function healthSections(conditions: readonly HealthCondition[]): { needsAttention: HealthCondition[]; groups: HealthGroup[] } {
  const ordered = orderHealthResults(conditions);
  const groups: HealthGroup[] = [
    { key: 'clear-breed-relevant', title: "Clear: conditions relevant to this dog's breeds", conditions: ordered.filter((c) => c.call === 'clear' && c.isBreedRelevant) },
    { key: 'clear-other', title: 'Clear: other conditions', conditions: ordered.filter((c) => c.call === 'clear' && !c.isBreedRelevant) },
    { key: 'not-tested', title: 'Not tested on this sample or no result', conditions: ordered.filter((c) => c.call === 'no_call' || c.call === 'not_tested') },
  ];
  return {
    needsAttention: ordered.filter((c) => c.call === 'at_risk' || c.call === 'carrier'),
    groups: groups.filter((group) => group.conditions.length > 0),
  };
}
