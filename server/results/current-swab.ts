import type { SwabRow } from '../pets/loaders.js';

type SwabFacts = Pick<SwabRow, 'isMethylation' | 'swabState' | 'productType' | 'comprehensiveUpgradePurchasedAt'>;

/** The newest swab that is not void (genotyping swabs only; the age test's swab is not a DNA swab). Swabs come newest first. */
export function currentSwab<T extends SwabFacts>(swabs: readonly T[]): T | null {
  return swabs.find((swab) => !swab.isMethylation && swab.swabState !== 'void') ?? null;
}

/** Issue 4: an upgrade is offered for a BreedAndAncestry swab whose comprehensive upgrade is not bought. */
export function isUpgradeAvailable(swabs: readonly SwabFacts[]): boolean {
  const swab = currentSwab(swabs);
  return swab !== null && swab.productType === 'BreedAndAncestry' && swab.comprehensiveUpgradePurchasedAt === null;
}

/**
 * isUpgradeAvailable as an SQL expression over the dog in `petNumSql` (the session's statement reads
 * it with the dog of the page, for the results navigation); test/integration/results/upgrade-available
 * checks that both say the same.
 */
export function upgradeAvailableSql(petNumSql: string): string {
  return (
    `coalesce((select s.product_type = 'BreedAndAncestry' and s.comprehensive_upgrade_purchased_at is null from swabs s ` +
    `where s.pet_num = ${petNumSql} and not s.is_methylation and s.swab_state <> 'void' order by s.created_at desc, s.id desc limit 1), false)`
  );
}
