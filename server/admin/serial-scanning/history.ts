// The serial-scanning search page (spec 2 §2; issue 16 point 3): a kit found by its box key, any of
// its swab codes or its tracking number, with its whole history.
import type { Db } from '../../db/index.js';
import { normalisedCodeSql } from '../../activation/queries.js';
import { normalisedCode } from '../../shared/serial-scanning-rules.js';

export interface KitEvent {
  event: 'created' | 'paired' | 'shipped' | 'activated' | 'received' | 'in review' | 'failed' | 'released' | 'reswab authorized' | 'reswab ordered';
  at: Date;
  detail: string;
}

export interface KitHistory {
  kitId: number;
  boxKey: string;
  orderSku: string;
  productType: string;
  state: string;
  trackingNumber: string | null;
  swabCodes: string[];
  pet: { petNum: number; name: string } | null;
  events: KitEvent[];
}

const MAX_KITS_SHOWN = 50;

async function kitIdsMatching(db: Db, code: string): Promise<number[]> {
  const normalised = normalisedCode(code);
  const upper = code.toUpperCase();
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `select id from kits where ${normalisedCodeSql('box_key')} = ?
     union select kit_id from swabs where ${normalisedCodeSql('swab_code')} = ? and kit_id is not null
     union select id from kits where upper(tracking_number) = ?
     union select k.id from kits k join kit_shipments s on s.id = k.shipment_id where upper(s.tracking_number) = ?
     limit ${MAX_KITS_SHOWN}`,
    [normalised, normalised, upper, upper],
  );
  return rows.map((row) => row.id);
}

const when = (value: unknown): Date | null => (value ? new Date(value as string) : null);

export async function findKitHistories(db: Db, code: string): Promise<KitHistory[]> {
  const ids = await kitIdsMatching(db, code.trim());
  if (ids.length === 0) return [];
  const kits = await db('kits as k')
    .leftJoin('users as scanner', 'scanner.id', 'k.scanned_by_user_id')
    .whereIn('k.id', ids)
    .orderBy('k.id')
    .select('k.*', 'scanner.name as scanner_name');
  const swabs = await db('swabs as s')
    .leftJoin('pets as p', 'p.pet_num', 's.pet_num')
    .leftJoin('users as activator', 'activator.id', 's.activated_by_user_id')
    .whereIn('s.kit_id', ids)
    .orderBy('s.id')
    .select('s.*', 'p.name as pet_name', 'activator.name as activator_name');
  const swabIds = swabs.map((swab) => swab.id);
  const samples = swabIds.length ? await db('samples').whereIn('swab_id', swabIds).orderBy('id') : [];
  const reswabs = swabIds.length ? await db('reswabs').whereIn('original_swab_id', swabIds).orderBy('id') : [];

  return kits.map((kit) => {
    const own = swabs.filter((swab) => swab.kit_id === kit.id);
    const events: KitEvent[] = [{ event: 'created', at: new Date(kit.created_at), detail: `${kit.order_sku} (${kit.product_type})` }];
    const add = (event: KitEvent['event'], at: unknown, detail: string) => {
      const date = when(at);
      if (date) events.push({ event, at: date, detail });
    };
    add('paired', kit.paired_at, own.length ? own.map((swab) => `${swab.is_methylation ? 'methylation swab' : 'swab'} ${swab.swab_code}`).join(', ') : 'no swab in this kit');
    add('shipped', kit.shipped_at, `tracking number ${kit.tracking_number ?? '—'}${kit.scanner_name ? `, scanned by ${kit.scanner_name}` : ''}`);
    for (const swab of own) {
      add('activated', swab.activated_at, `swab ${swab.swab_code}${swab.pet_name ? ` for ${swab.pet_name} (#${swab.pet_num})` : ''}${swab.activator_name ? ` by ${swab.activator_name}` : ''}`);
      add('received', swab.received_at, `swab ${swab.swab_code} at the lab`);
      for (const sample of samples.filter((s) => s.swab_id === swab.id)) {
        if (sample.sample_state === 'lab_review') add('in review', sample.updated_at, `sample ${sample.lab_sample_id ?? sample.id}: ${sample.lab_review_reason}`);
        if (sample.sample_state === 'failed') add('failed', sample.updated_at, `sample ${sample.lab_sample_id ?? sample.id}: ${sample.failure_reason ?? 'failed'}`);
        add('released', sample.released_at, `sample ${sample.lab_sample_id ?? sample.id}`);
      }
      for (const reswab of reswabs.filter((r) => r.original_swab_id === swab.id)) {
        add('reswab authorized', reswab.authorized_at, `reswab ${reswab.id}: ${reswab.reason}`);
        add('reswab ordered', reswab.ordered_at, `reswab ${reswab.id}`);
      }
    }
    if (!own.some((swab) => swab.activated_at)) add('activated', kit.activated_at, 'kit activated');
    events.sort((a, b) => a.at.getTime() - b.at.getTime());
    const dog = own.find((swab) => swab.pet_num !== null);
    return {
      kitId: kit.id,
      boxKey: kit.box_key,
      orderSku: kit.order_sku,
      productType: kit.product_type,
      state: kit.state,
      trackingNumber: kit.tracking_number,
      swabCodes: own.map((swab) => swab.swab_code),
      pet: dog ? { petNum: dog.pet_num, name: dog.pet_name } : null,
      events,
    };
  });
}
