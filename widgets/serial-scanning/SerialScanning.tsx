// The serial-scanning form (spec 2 §4, §5; issue 16 point 3): rows of box key + swab code (+ the
// methylation swab of age kits), one tracking number, submit once every input is valid.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { OrderSku, ScanField } from '../../server/shared/serial-scanning-rules';
import { kitCount, SCAN_SUBMITTED, SCAN_SUBMIT_FAILED, SCAN_VALID, SCAN_VALIDATING } from '../../server/shared/admin-messages';
import { canSubmit, duplicateKeys, inputKey, inputOrder, refusedInput, shownState, type ScanInputId } from './inputs';
import { useScanInputs } from './use-scan-inputs';
import { submitShipment } from './api';

export interface SerialScanningProps {
  skus: OrderSku[];
  debounceMs: number;
  maxKits: number;
}

const FIELD_LABELS: Record<ScanField, string> = {
  boxKey: 'Box key',
  swabCode: 'Swab code',
  methylationSwabCode: 'Methylation swab code',
  trackingNumber: 'Tracking number',
};

export default function SerialScanning({ skus, debounceMs, maxKits }: SerialScanningProps) {
  const [skuCode, setSkuCode] = useState(skus[0].sku);
  const sku = skus.find((candidate) => candidate.sku === skuCode) ?? skus[0];
  const [kits, setKits] = useState(3);
  const { inputs, check, refuse, reset, valueOf } = useScanInputs(sku, debounceMs);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const elements = useRef(new Map<string, HTMLInputElement | HTMLButtonElement>());

  const order = useMemo(() => inputOrder(sku, kits), [sku, kits]);
  const duplicates = duplicateKeys(order, inputs);
  const ready = canSubmit(order, inputs) && !submitting;

  // A box key is valid only for the order's product: another product means checking them again.
  useEffect(() => {
    for (const id of order) if (id.field === 'boxKey' && valueOf(id)) check(id, valueOf(id), { now: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [skuCode]);

  const focusAfter = (id: ScanInputId) => {
    const next = order[order.findIndex((candidate) => inputKey(candidate) === inputKey(id)) + 1];
    elements.current.get(next ? inputKey(next) : 'submit')?.focus();
  };

  // spec 2 §4: Enter validates and moves to the next input, or to submit after the last.
  const onKeyDown = (id: ScanInputId) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    check(id, event.currentTarget.value, { now: true });
    focusAfter(id);
  };

  const submit = async () => {
    if (!ready) return;
    setSubmitting(true);
    const answer = await submitShipment({
      orderSku: sku.sku,
      trackingNumber: valueOf({ row: null, field: 'trackingNumber' }).trim(),
      kits: Array.from({ length: kits }, (_, row) => ({
        boxKey: valueOf({ row, field: 'boxKey' }).trim(),
        ...(sku.hasSwab ? { swabCode: valueOf({ row, field: 'swabCode' }).trim() } : {}),
        ...(sku.hasMethylationSwab ? { methylationSwabCode: valueOf({ row, field: 'methylationSwabCode' }).trim() } : {}),
      })),
    });
    setSubmitting(false);
    if (answer.ok) {
      setOutcome({ ok: true, text: SCAN_SUBMITTED.replace('{kits}', () => kitCount(answer.kits)).replace('{trackingNumber}', () => answer.trackingNumber) });
      reset();
      elements.current.get(inputKey(order[0]))?.focus();
    } else {
      setOutcome({ ok: false, text: SCAN_SUBMIT_FAILED.replace('{error}', () => answer.error) });
      // The server names the kit (row) and input it refused: mark that input and go back to it.
      const refused = refusedInput(order, answer.row, answer.field);
      if (refused) {
        refuse(refused, answer.error);
        elements.current.get(inputKey(refused))?.focus();
      }
    }
  };

  const field = (id: ScanInputId, label: string, { labelShown = false } = {}) => {
    const key = inputKey(id);
    const state = shownState(key, inputs, duplicates);
    const inputId = `scan-${key.replace(':', '-')}`;
    return (
      <>
        <label htmlFor={inputId} className={labelShown ? undefined : 'scan-label'}>{label}</label>
        <input
          id={inputId}
          ref={(element) => void (element ? elements.current.set(key, element) : elements.current.delete(key))}
          value={state.value}
          autoComplete="off"
          spellCheck={false}
          autoFocus={key === inputKey(order[0])}
          maxLength={64}
          className={state.status === 'error' ? 'scan-input--error' : state.status === 'valid' ? 'scan-input--valid' : undefined}
          aria-invalid={state.status === 'error'}
          aria-describedby={`${inputId}-status`}
          data-scan-input={key}
          data-scan-status={state.status}
          onChange={(event) => check(id, event.target.value, { now: false })}
          onKeyDown={onKeyDown(id)}
        />
        <span id={`${inputId}-status`} className={`scan-status scan-status--${state.status}`} aria-live="polite" data-scan-message={key}>
          {state.status === 'validating' ? SCAN_VALIDATING : state.status === 'valid' ? SCAN_VALID : state.status === 'error' ? state.error : ''}
        </span>
      </>
    );
  };

  return (
    <form className="card" data-serial-scanning onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <div className="button-row">
        <label>
          Product of this order{' '}
          <select value={skuCode} onChange={(event) => setSkuCode(event.target.value)} data-scan-sku>
            {skus.map((candidate) => (
              <option key={candidate.sku} value={candidate.sku}>{candidate.label} ({candidate.sku})</option>
            ))}
          </select>
        </label>
        <label>
          Kits in this box{' '}
          <input type="number" min={1} max={maxKits} value={kits} style={{ width: '5rem' }} data-scan-kit-count
            onChange={(event) => setKits(Math.min(maxKits, Math.max(1, Number(event.target.value) || 1)))} />
        </label>
      </div>
      <table className="simple-table scan-table">
        <thead>
          <tr>
            <th scope="col">Kit</th>
            <th scope="col">{FIELD_LABELS.boxKey}</th>
            {sku.hasSwab && <th scope="col">{FIELD_LABELS.swabCode}</th>}
            {sku.hasMethylationSwab && <th scope="col">{FIELD_LABELS.methylationSwabCode}</th>}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: kits }, (_, row) => (
            <tr key={row}>
              <th scope="row">{row + 1}</th>
              <td>{field({ row, field: 'boxKey' }, `Kit ${row + 1} ${FIELD_LABELS.boxKey}`)}</td>
              {sku.hasSwab && <td>{field({ row, field: 'swabCode' }, `Kit ${row + 1} ${FIELD_LABELS.swabCode}`)}</td>}
              {sku.hasMethylationSwab && <td>{field({ row, field: 'methylationSwabCode' }, `Kit ${row + 1} ${FIELD_LABELS.methylationSwabCode}`)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field scan-tracking">
        {field({ row: null, field: 'trackingNumber' }, FIELD_LABELS.trackingNumber, { labelShown: true })}
      </p>
      {outcome && <p className={outcome.ok ? 'alert alert--success' : 'alert alert--error'} role={outcome.ok ? 'status' : 'alert'} data-scan-outcome>{outcome.text}</p>}
      {/* aria-disabled, not disabled: Enter on the last input moves focus here while its check may still run,
          and a disabled button cannot take focus; submit() does nothing until every input is valid. */}
      <button type="submit" className="button" aria-disabled={!ready} data-scan-submit
        ref={(element) => void (element ? elements.current.set('submit', element) : elements.current.delete('submit'))}>
        {submitting ? 'Submitting...' : 'Ship these kits'}
      </button>
    </form>
  );
}
