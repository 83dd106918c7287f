// The server's checks of scanned codes (spec 2 §7 validate-boxkey and validate-swabcode), used by
// the validation calls and again, under row locks, by the shipment's transaction.
import type { Knex } from 'knex';
import { normalisedCodeSql } from '../../activation/queries.js';
import {
  SCAN_BOX_KEY_PAIRED,
  SCAN_BOX_KEY_SHORT,
  SCAN_SWAB_CODE_SHORT,
  SCAN_KIT_SHIPPED,
  SCAN_KIT_VOID,
  SCAN_SWAB_PAIRED,
  SCAN_SWAB_UNUSABLE,
  SCAN_UNKNOWN_BOX_KEY,
  SCAN_UNKNOWN_SKU,
  SCAN_UNKNOWN_SWAB_CODE,
  SCAN_WRONG_PRODUCT,
} from '../../shared/admin-messages.js';
import { checkScanInput, normalisedCode, orderSku } from '../../shared/serial-scanning-rules.js';

export interface ScannedKit {
  id: number;
  box_key: string;
  order_sku: string;
  product_type: string;
  purchase_source: string | null;
  state: string;
  paired_at: Date | null;
  swab_count: number;
}

export interface ScannedSwab {
  id: number;
  swab_code: string;
  kit_id: number | null;
  pet_num: number | null;
  swab_state: string;
  is_methylation: boolean;
}

/** An empty code (or a bare 'EM-'), which the browser ignores, is too short for the server. */
const TOO_SHORT: Record<'boxKey' | 'swabCode', string> = { boxKey: SCAN_BOX_KEY_SHORT, swabCode: SCAN_SWAB_CODE_SHORT };

/** The rules the browser applies, applied again: a short code or a missing EM- never reaches a lookup. */
function localProblem(field: 'boxKey' | 'swabCode', code: string): string | null {
  const check = checkScanInput(field, code);
  if (check.kind === 'error') return check.error;
  return check.kind === 'ignore' ? TOO_SHORT[field] : null;
}

export async function findKitByBoxKey(db: Knex, boxKey: string, { lock }: { lock: boolean }): Promise<ScannedKit | undefined> {
  const query = db('kits')
    .whereRaw(`${normalisedCodeSql('kits.box_key')} = ?`, [normalisedCode(boxKey.trim())])
    .first('id', 'box_key', 'order_sku', 'product_type', 'purchase_source', 'state', 'paired_at', db.raw('(select count(*) from swabs where swabs.kit_id = kits.id)::int as swab_count'));
  return lock ? query.forUpdate() : query;
}

export async function findSwabByCode(db: Knex, swabCode: string, { lock }: { lock: boolean }): Promise<ScannedSwab | undefined> {
  const query = db('swabs').whereRaw(`${normalisedCodeSql('swab_code')} = ?`, [normalisedCode(swabCode.trim())]).first('id', 'swab_code', 'kit_id', 'pet_num', 'swab_state', 'is_methylation');
  return lock ? query.forUpdate() : query;
}

/** Why this kit cannot be shipped for this order, or null when it can. */
export function kitProblem(kit: ScannedKit | undefined, sku: string): string | null {
  if (!kit) return SCAN_UNKNOWN_BOX_KEY;
  if (kit.state === 'void') return SCAN_KIT_VOID;
  if (kit.state !== 'in_stock') return SCAN_KIT_SHIPPED;
  if (kit.paired_at || kit.swab_count > 0) return SCAN_BOX_KEY_PAIRED;
  if (kit.order_sku !== sku) return SCAN_WRONG_PRODUCT;
  return null;
}

/** Why this swab cannot go into a kit, or null when it can. */
export function swabProblem(swab: ScannedSwab | undefined): string | null {
  if (!swab) return SCAN_UNKNOWN_SWAB_CODE;
  if (swab.kit_id !== null) return SCAN_SWAB_PAIRED;
  if (swab.is_methylation || swab.pet_num !== null || swab.swab_state !== 'unactivated') return SCAN_SWAB_UNUSABLE;
  return null;
}

/**
 * Why this code cannot be the methylation swab of an age kit, or null when it can (spec 2 §5: no
 * check while scanning). A new code becomes a methylation swab; a loose swab of the stock, in no
 * kit and never activated, is paired as one. Only a swab already in a kit, or in use, is refused.
 */
export function methylationSwabProblem(swab: ScannedSwab | undefined): string | null {
  if (!swab) return null;
  if (swab.kit_id !== null) return SCAN_SWAB_PAIRED;
  if (swab.pet_num !== null || swab.swab_state !== 'unactivated') return SCAN_SWAB_UNUSABLE;
  return null;
}

/** GET validate-boxkey: the first problem of the box key for the order, or null. */
export async function validateBoxKey(db: Knex, boxKey: string, sku: string): Promise<string | null> {
  const local = localProblem('boxKey', boxKey);
  if (local) return local;
  if (!orderSku(sku)) return SCAN_UNKNOWN_SKU;
  return kitProblem(await findKitByBoxKey(db, boxKey, { lock: false }), sku);
}

/** GET validate-swabcode: the first problem of the swab code, or null. */
export async function validateSwabCode(db: Knex, swabCode: string): Promise<string | null> {
  const local = localProblem('swabCode', swabCode);
  if (local) return local;
  return swabProblem(await findSwabByCode(db, swabCode, { lock: false }));
}
