import type { OrderSku } from '../../server/shared/serial-scanning-rules';
import type { SerialScanningProps } from './SerialScanning';

export { default } from './SerialScanning';

export function parseProps(raw: Record<string, unknown>): SerialScanningProps {
  if (!Array.isArray(raw.skus) || raw.skus.length === 0) throw new Error('serial-scanning needs the order products');
  return {
    skus: raw.skus as OrderSku[],
    debounceMs: typeof raw.debounceMs === 'number' ? raw.debounceMs : 300,
    maxKits: typeof raw.maxKits === 'number' ? raw.maxKits : 50,
  };
}
