// Submitting a scanned box (issue 16 point 3): every kit is paired with its swabs and the box is
// shipped under one tracking number, in one transaction. Each code is checked again under a row
// lock, so two scanners shipping the same kit or swab at once cannot both succeed.
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import { SCAN_BOX_KEY_SHORT, SCAN_DUPLICATE, SCAN_SWAB_CODE_SHORT, SCAN_TRACKING_NUMBER, SCAN_UNKNOWN_SKU } from '../../shared/admin-messages.js';
import { findKitByBoxKey, findSwabByCode, kitProblem, methylationSwabProblem, swabProblem } from './checks.js';
import { checkScanInput, duplicatePositions, MAX_CODE_LENGTH, MAX_KITS_PER_BOX, orderSku, type OrderSku, type ScanField } from '../../shared/serial-scanning-rules.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

const code = z.string().max(MAX_CODE_LENGTH);

export const shipmentSchema = z.object({
  orderSku: z.string().max(MAX_CODE_LENGTH),
  trackingNumber: code,
  kits: z
    .array(z.object({ boxKey: code, swabCode: code.optional(), methylationSwabCode: code.optional() }))
    .min(1)
    .max(MAX_KITS_PER_BOX),
});

export type ShipmentInput = z.infer<typeof shipmentSchema>;

/** A refusal naming the kit (row, from 0) and input it is about; nothing was written. */
export class ShipmentRefused extends Error {
  constructor(
    message: string,
    readonly row: number | null = null,
    readonly field: ScanField | null = null,
  ) {
    super(message);
  }
}

export interface Shipment {
  shipmentId: number;
  kits: number;
  trackingNumber: string;
}

const EMPTY: Record<ScanField, string> = {
  boxKey: SCAN_BOX_KEY_SHORT,
  swabCode: SCAN_SWAB_CODE_SHORT,
  methylationSwabCode: SCAN_SWAB_CODE_SHORT,
  trackingNumber: SCAN_TRACKING_NUMBER,
};

function requireFilled(field: ScanField, value: string | undefined, row: number | null): string {
  const check = checkScanInput(field, value ?? '');
  if (check.kind === 'error') throw new ShipmentRefused(check.error, row, field);
  if (check.kind === 'ignore') throw new ShipmentRefused(EMPTY[field], row, field);
  return (value ?? '').trim();
}

export async function shipScannedKits(db: Db, input: ShipmentInput, scannedByUserId: number): Promise<Shipment> {
  const product = orderSku(input.orderSku);
  if (!product) throw new ShipmentRefused(SCAN_UNKNOWN_SKU);
  const trackingNumber = requireFilled('trackingNumber', input.trackingNumber, null);

  const codes: { row: number; field: ScanField; code: string }[] = [];
  input.kits.forEach((kit, row) => {
    codes.push({ row, field: 'boxKey', code: requireFilled('boxKey', kit.boxKey, row) });
    if (product.hasSwab) codes.push({ row, field: 'swabCode', code: requireFilled('swabCode', kit.swabCode, row) });
    if (product.hasMethylationSwab) codes.push({ row, field: 'methylationSwabCode', code: requireFilled('methylationSwabCode', kit.methylationSwabCode, row) });
  });
  const [duplicate] = duplicatePositions(codes.map((entry) => entry.code));
  if (duplicate !== undefined) throw new ShipmentRefused(SCAN_DUPLICATE, codes[duplicate].row, codes[duplicate].field);

  try {
    return await shipInOneTransaction(db, input, product, trackingNumber, scannedByUserId);
  } catch (error) {
    // Another scanner's methylation swab with the same code committed first.
    if (isUniqueViolation(error)) throw new ShipmentRefused(SCAN_DUPLICATE);
    throw error;
  }
}

async function shipInOneTransaction(db: Db, input: ShipmentInput, product: OrderSku, trackingNumber: string, scannedByUserId: number): Promise<Shipment> {
  return db.transaction(async (trx) => {
    const [{ id: shipmentId }] = await trx('kit_shipments')
      .insert({ tracking_number: trackingNumber, order_sku: product.sku, scanned_by_user_id: scannedByUserId })
      .returning('id');
    for (const [row, scanned] of input.kits.entries()) {
      const kit = await findKitByBoxKey(trx, scanned.boxKey, { lock: true });
      const kitRefusal = kitProblem(kit, product.sku);
      if (kitRefusal || !kit) throw new ShipmentRefused(kitRefusal!, row, 'boxKey');

      if (product.hasSwab) {
        const swab = await findSwabByCode(trx, scanned.swabCode!, { lock: true });
        const swabRefusal = swabProblem(swab);
        if (swabRefusal || !swab) throw new ShipmentRefused(swabRefusal!, row, 'swabCode');
        await trx('swabs').where({ id: swab.id }).update({ kit_id: kit.id, product_type: kit.product_type, purchase_source: kit.purchase_source, updated_at: trx.fn.now() });
      }
      if (product.hasMethylationSwab) {
        const methylationCode = scanned.methylationSwabCode!.trim();
        const existing = await findSwabByCode(trx, methylationCode, { lock: true });
        const refusal = methylationSwabProblem(existing);
        if (refusal) throw new ShipmentRefused(refusal, row, 'methylationSwabCode');
        const paired = { kit_id: kit.id, is_methylation: true, product_type: kit.product_type, purchase_source: kit.purchase_source };
        if (existing) await trx('swabs').where({ id: existing.id }).update({ ...paired, updated_at: trx.fn.now() });
        else await trx('swabs').insert({ swab_code: methylationCode, ...paired });
      }
      await trx('kits').where({ id: kit.id }).update({
        state: 'shipped',
        tracking_number: trackingNumber,
        shipped_at: trx.fn.now(),
        paired_at: trx.fn.now(),
        scanned_by_user_id: scannedByUserId,
        shipment_id: shipmentId,
        updated_at: trx.fn.now(),
      });
    }
    return { shipmentId, kits: input.kits.length, trackingNumber };
  });
}
