// Pure rules of serial scanning (spec 2 §4, §5, §9; issue 16 point 3), shared by the server, the
// scanning widget and the tests. No I/O.
import {
  SCAN_BOX_KEY_NO_PREFIX,
  SCAN_BOX_KEY_SHORT,
  SCAN_DUPLICATE,
  SCAN_SWAB_CODE_SHORT,
  SCAN_TRACKING_NUMBER,
} from './admin-messages.js';

// spec 2 §9
export const BOX_KEY_PREFIX = 'EM-';
export const BOX_KEY_MIN_LENGTH = 4;
export const SWAB_CODE_MIN_LENGTH = 12;
/** A tracking number has more than this many characters. */
export const TRACKING_NUMBER_MIN_EXCLUSIVE = 3;
export const SCAN_DEBOUNCE_MS = 300;
/** Longer than any real code; a longer value is refused without a lookup. */
export const MAX_CODE_LENGTH = 64;
export const MAX_KITS_PER_BOX = 50;

export interface OrderSku {
  sku: string;
  label: string;
  productType: string;
  /** Kits of this product carry a DNA swab. */
  hasSwab: boolean;
  /** Age kits carry a second swab, read by methylation (spec 2 §5: no server check). */
  hasMethylationSwab: boolean;
}

/** The products staff scan kits for; a kit's order_sku must be the order's. */
export const ORDER_SKUS: readonly OrderSku[] = [
  { sku: 'EMBARK-BA', label: 'Breed + Ancestry', productType: 'BreedAndAncestry', hasSwab: true, hasMethylationSwab: false },
  { sku: 'EMBARK-HEALTH', label: 'Breed + Health', productType: 'ComprehensiveConsumer', hasSwab: true, hasMethylationSwab: false },
  { sku: 'EMBARK-BREEDER', label: 'Breeder', productType: 'ComprehensiveBreeder', hasSwab: true, hasMethylationSwab: false },
  { sku: 'EMBARK-PUREBRED', label: 'Purebred', productType: 'Purebred', hasSwab: true, hasMethylationSwab: false },
  { sku: 'EMBARK-VET', label: 'Vet', productType: 'Vet', hasSwab: true, hasMethylationSwab: false },
  { sku: 'EMBARK-AGE', label: 'Dog Age Test', productType: 'Age', hasSwab: true, hasMethylationSwab: true },
  { sku: 'EMBARK-GUT', label: 'Gut Microbiome', productType: 'Microbiome', hasSwab: false, hasMethylationSwab: false },
];

export function orderSku(sku: unknown): OrderSku | undefined {
  return ORDER_SKUS.find((candidate) => candidate.sku === sku);
}

export type ScanField = 'boxKey' | 'swabCode' | 'methylationSwabCode' | 'trackingNumber';

/**
 * What the browser can tell about an input before asking the server (spec 2 §5):
 * 'ignore' (empty, or a bare 'EM-'), an error text, 'server' (ask the server) or 'valid'.
 */
export type LocalCheck = { kind: 'ignore' } | { kind: 'error'; error: string } | { kind: 'server' } | { kind: 'valid' };

export function checkScanInput(field: ScanField, raw: string): LocalCheck {
  const value = raw.trim();
  if (value === '' || (field === 'boxKey' && value === BOX_KEY_PREFIX)) return { kind: 'ignore' };
  switch (field) {
    case 'boxKey':
      if (value.length < BOX_KEY_MIN_LENGTH) return { kind: 'error', error: SCAN_BOX_KEY_SHORT };
      if (!value.startsWith(BOX_KEY_PREFIX)) return { kind: 'error', error: SCAN_BOX_KEY_NO_PREFIX };
      return { kind: 'server' };
    case 'swabCode':
      return value.length < SWAB_CODE_MIN_LENGTH ? { kind: 'error', error: SCAN_SWAB_CODE_SHORT } : { kind: 'server' };
    case 'methylationSwabCode':
      return value.length < SWAB_CODE_MIN_LENGTH ? { kind: 'error', error: SCAN_SWAB_CODE_SHORT } : { kind: 'valid' };
    case 'trackingNumber':
      return value.length > TRACKING_NUMBER_MIN_EXCLUSIVE ? { kind: 'valid' } : { kind: 'error', error: SCAN_TRACKING_NUMBER };
  }
}

/** Codes compare as activation compares them: whatever the case, spaces and dashes. */
export function normalisedCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * spec 2 §5 'Duplicate code!': the positions (in `codes`) of every code that repeats one
 * before it. Empty codes never count.
 */
export function duplicatePositions(codes: readonly string[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  codes.forEach((code, index) => {
    const key = normalisedCode(code.trim());
    if (key === '') return;
    if (seen.has(key)) duplicates.add(index);
    seen.add(key);
  });
  return duplicates;
}

export { SCAN_DUPLICATE };
