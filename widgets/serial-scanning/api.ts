import { fetchJson, HttpError } from '../shared/fetch-json';

const BASE = '/admin/api/shipping/serial-scanning';

/** spec 2 §7: the error field on failure, nothing on success. */
export async function validateOnServer(field: 'boxKey' | 'swabCode', value: string, orderSku: string): Promise<string | null> {
  const url =
    field === 'boxKey'
      ? `${BASE}/validate-boxkey?boxKey=${encodeURIComponent(value)}&orderSku=${encodeURIComponent(orderSku)}`
      : `${BASE}/validate-swabcode?swabCode=${encodeURIComponent(value)}`;
  const answer = await fetchJson<{ error?: string }>(url);
  return answer.error ?? null;
}

export interface ShipmentRequest {
  orderSku: string;
  trackingNumber: string;
  kits: { boxKey: string; swabCode?: string; methylationSwabCode?: string }[];
}

export type ShipmentAnswer = { ok: true; kits: number; trackingNumber: string } | { ok: false; error: string; row: number | null; field: string | null };

export async function submitShipment(request: ShipmentRequest): Promise<ShipmentAnswer> {
  try {
    const shipped = await fetchJson<{ kits: number; trackingNumber: string }>(`${BASE}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    return { ok: true, ...shipped };
  } catch (error) {
    const body = error instanceof HttpError && error.body && typeof error.body === 'object' ? (error.body as { error?: string; row?: number; field?: string }) : {};
    return { ok: false, error: body.error ?? 'Something went wrong', row: body.row ?? null, field: body.field ?? null };
  }
}
