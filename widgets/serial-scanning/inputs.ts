// The inputs of a scanned box and their states (spec 2 §4): unvalidated, validating, error, valid.
// Pure, so the rules of the whole form are testable without a page.
import { duplicatePositions, type OrderSku, type ScanField } from '../../server/shared/serial-scanning-rules';
import { SCAN_DUPLICATE } from '../../server/shared/admin-messages';

export type InputStatus = 'unvalidated' | 'validating' | 'error' | 'valid';

export interface InputState {
  value: string;
  status: InputStatus;
  error?: string;
}

export interface ScanInputId {
  /** Kit row from 0; null for the tracking number. */
  row: number | null;
  field: ScanField;
}

export const inputKey = ({ row, field }: ScanInputId): string => (row === null ? field : `${row}:${field}`);

/** The input a refused submit names (its kit row from 0, and field), if the form has it. */
export function refusedInput(order: readonly ScanInputId[], row: number | null, field: string | null): ScanInputId | undefined {
  return order.find((id) => id.field === field && id.row === (id.field === 'trackingNumber' ? null : row));
}

/** The inputs in the order Enter walks through them: each kit's codes, then the tracking number. */
export function inputOrder(sku: OrderSku, kits: number): ScanInputId[] {
  const order: ScanInputId[] = [];
  for (let row = 0; row < kits; row++) {
    order.push({ row, field: 'boxKey' });
    if (sku.hasSwab) order.push({ row, field: 'swabCode' });
    if (sku.hasMethylationSwab) order.push({ row, field: 'methylationSwabCode' });
  }
  order.push({ row: null, field: 'trackingNumber' });
  return order;
}

export const EMPTY_INPUT: InputState = { value: '', status: 'unvalidated' };

/** Keys of code inputs whose value repeats an earlier one ('Duplicate code!'). */
export function duplicateKeys(order: readonly ScanInputId[], inputs: Readonly<Record<string, InputState>>): Set<string> {
  const codes = order.filter((id) => id.field !== 'trackingNumber');
  const positions = duplicatePositions(codes.map((id) => inputs[inputKey(id)]?.value ?? ''));
  return new Set([...positions].map((position) => inputKey(codes[position])));
}

/** What an input shows: a duplicate is an error whatever the server said. */
export function shownState(key: string, inputs: Readonly<Record<string, InputState>>, duplicates: ReadonlySet<string>): InputState {
  const state = inputs[key] ?? EMPTY_INPUT;
  return duplicates.has(key) ? { ...state, status: 'error', error: SCAN_DUPLICATE } : state;
}

/** spec 2 §4: submit is enabled only when every code input and the tracking number are valid. */
export function canSubmit(order: readonly ScanInputId[], inputs: Readonly<Record<string, InputState>>): boolean {
  const duplicates = duplicateKeys(order, inputs);
  return order.every((id) => shownState(inputKey(id), inputs, duplicates).status === 'valid');
}
