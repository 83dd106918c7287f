// Age test states of migration 0008 (spec 1 §4 leaves their values to us), in an owner's words.
export const AGE_TEST_STATUSES = ['ordered', 'activated', 'processing', 'released', 'failed'] as const;
export type AgeTestStatus = (typeof AGE_TEST_STATUSES)[number];

const STATUS_TEXT: Record<AgeTestStatus, string> = {
  ordered: 'Ordered: the kit is on its way to you.',
  activated: 'Activated: we are waiting for the swab to reach the lab.',
  processing: 'Processing: the lab is reading the sample.',
  released: 'Released: the results are ready.',
  failed: 'Failed: the sample could not be read. We will be in touch about a new swab.',
};

export function ageTestStatusText(status: string): string {
  return STATUS_TEXT[status as AgeTestStatus] ?? status;
}

/** The age test's product page under the shop link (spec 1 §2). */
export function ageTestProductUrl(shopLink: string): string {
  return `${shopLink.replace(/\/+$/, '')}/products/dog-age`;
}

/** The answer of the 'Is this accurate?' form: 'yes' or 'no', nothing else. */
export function parseAccuracyAnswer(value: unknown): boolean | null {
  if (value === 'yes') return true;
  if (value === 'no') return false;
  return null;
}
