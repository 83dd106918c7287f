// Show and sport titles offered as suggestions for a dog's prefix and suffix titles (spec 1 §5).
// Mostly AKC abbreviations, with a few UKC, CKC, FCI and therapy-dog ones. Owners may type others.

export const PREFIX_TITLES: readonly string[] = [
  // Conformation champions
  'CH', 'GCH', 'GCHB', 'GCHS', 'GCHG', 'GCHP', 'GRCH', 'INT CH', 'C.I.B.', 'UCH', 'UGRCH', 'CAN CH', 'BISS',
  // Dual, triple and field champions
  'DC', 'TC', 'FC', 'AFC', 'NFC', 'NAFC', 'GFC', 'NGDC', 'NOHFC', 'RNC', 'HC',
  // Obedience, rally, agility, tracking, herding, lure coursing
  'OTCH', 'NOC', 'RACH', 'MACH', 'PACH', 'NAC', 'CT', 'HCH', 'FCH',
  // Hunting and earthdog
  'MHR', 'GRHRCH', 'HRCH',
];

export const SUFFIX_TITLES: readonly string[] = [
  // Obedience
  'BN', 'CD', 'CDX', 'UD', 'UDX', 'OM1', 'OM2', 'OM3', 'OGM', 'PCD', 'PCDX', 'PUTD', 'VER', 'GN', 'GO', 'VCD1', 'VCD2',
  // Rally
  'RN', 'RI', 'RA', 'RE', 'RAE', 'RM', 'RAE2',
  // Agility
  'NA', 'NAJ', 'NF', 'OA', 'OAJ', 'OF', 'AX', 'AXJ', 'XF', 'MX', 'MXJ', 'MXB', 'MJB', 'MXS', 'MJS', 'MXG', 'MJG', 'MXC',
  'MJC', 'MXP', 'MJP', 'PAX', 'PAD', 'PJD', 'T2B', 'FAST',
  // Tracking
  'TD', 'TDX', 'VST', 'TDU',
  // Hunting and retrieving
  'JH', 'SH', 'MH', 'JHR', 'HR', 'WC', 'WCX', 'WCI',
  // Herding
  'HT', 'PT', 'HS', 'HI', 'HX', 'HIC', 'HSAs', 'HSBs', 'HSAd',
  // Coursing
  'JC', 'SC', 'MC', 'LCX', 'CA', 'CAA', 'CAX', 'BCAT', 'DCAT', 'FCAT',
  // Scent work
  'SCN', 'SIN', 'SEN', 'SCA', 'SIA', 'SEA', 'SCE', 'SIE', 'SEE', 'SBN', 'SWN', 'SWA', 'SWE', 'SWM', 'SWD',
  // Farm dog, earthdog, dock diving, fast CAT, trick dog, good citizen, therapy
  'FDC', 'JE', 'SE', 'ME', 'DN', 'DS', 'DJ', 'DM', 'DMX', 'TKN', 'TKI', 'TKA', 'TKP', 'TKE', 'CGC', 'CGCA', 'CGCU',
  'TDI', 'THD', 'THDN', 'THDA', 'THDX', 'THDD', 'ATT', 'ATD', 'CCA', 'BH', 'IPO1', 'IPO2', 'IPO3', 'IGP1', 'IGP2', 'IGP3',
  // Canine health and breeding recognition
  'ROM', 'ROMX', 'ROMC', 'BROM', 'OFA', 'CHIC',
];

/** The titles of `all` containing `query` (case-insensitive), without those already chosen (case-insensitive). */
export function suggestTitles(all: readonly string[], query: string, chosen: readonly string[]): string[] {
  const needle = query.trim().toLowerCase();
  const taken = new Set(chosen.map((title) => title.trim().toLowerCase()));
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const title of all) {
    const key = title.toLowerCase();
    if (taken.has(key) || seen.has(key) || !key.includes(needle)) continue;
    seen.add(key);
    suggestions.push(title);
  }
  return suggestions;
}

/** A title as the suggestions spell it when it is one of them (typed 'cd' is CD, 'hsas' HSAs), else as typed. */
export function knownSpelling(title: string, known: readonly string[]): string {
  const clean = title.trim().replace(/\s+/g, ' ');
  const key = clean.toLowerCase();
  return known.find((spelling) => spelling.toLowerCase() === key) ?? clean;
}

/** The titles a field offers as suggestions. */
export const titlesOf = (field: 'prefixTitles' | 'suffixTitles'): readonly string[] => (field === 'prefixTitles' ? PREFIX_TITLES : SUFFIX_TITLES);
