import { intersectPanels, type MarkerPanel } from './panel.js';

/** Genotype call of one marker: copies of the alt allele (0, 1, 2), or NO_CALL. */
export const NO_CALL = 3;

/** Unpacked calls, one byte per marker; packed genotypes use 2 bits per marker, 4 markers a byte. */
export type Calls = Uint8Array;

export const packedLength = (markerCount: number): number => Math.ceil(markerCount / 4);

export function packGenotype(calls: ArrayLike<number>): Uint8Array {
  const packed = new Uint8Array(packedLength(calls.length));
  for (let i = 0; i < calls.length; i++) {
    const g = calls[i];
    if (g !== 0 && g !== 1 && g !== 2 && g !== NO_CALL) throw new Error(`Invalid genotype ${g} at marker ${i}`);
    packed[i >> 2] |= g << ((i & 3) << 1);
  }
  return packed;
}

/** Unpacks into `into` when given (reused for many dogs; it must hold markerCount calls), else into a new array. */
export function unpackGenotype(packed: Uint8Array, markerCount: number, into?: Uint8Array): Calls {
  if (packed.length < packedLength(markerCount)) throw new Error('Packed genotype is shorter than the panel');
  const calls = into ? into.subarray(0, markerCount) : new Uint8Array(markerCount);
  for (let i = 0; i < markerCount; i++) calls[i] = (packed[i >> 2] >> ((i & 3) << 1)) & 3;
  return calls;
}

export function genotypeAt(packed: Uint8Array, index: number): number {
  return (packed[index >> 2] >> ((index & 3) << 1)) & 3;
}

export function setGenotypeAt(packed: Uint8Array, index: number, g: number): void {
  const shift = (index & 3) << 1;
  packed[index >> 2] = (packed[index >> 2] & ~(3 << shift)) | ((g & 3) << shift);
}

export function genotypeToBase64(packed: Uint8Array): string {
  return Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength).toString('base64');
}

export function genotypeFromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

export function noCallRate(calls: Calls, indices?: ArrayLike<number>): number {
  const n = indices ? indices.length : calls.length;
  let missing = 0;
  for (let k = 0; k < n; k++) if (calls[indices ? indices[k] : k] === NO_CALL) missing++;
  return n === 0 ? 1 : missing / n;
}

/** Calls of a dog typed on one panel, re-expressed on another; markers the first lacks become no-calls. */
export function remapCalls(from: MarkerPanel, calls: Calls, to: MarkerPanel): Calls {
  return callRemapper(from, to)(calls);
}

/** remapCalls for many dogs typed on the same panel: the panels are matched once. */
export function callRemapper(from: MarkerPanel, to: MarkerPanel): (calls: Calls) => Calls {
  const shared = intersectPanels(to, from);
  return (calls) => {
    const out = new Uint8Array(to.markers.length).fill(NO_CALL);
    for (let k = 0; k < shared.indexA.length; k++) {
      const g = calls[shared.indexB[k]];
      out[shared.indexA[k]] = g === NO_CALL || !shared.flipped[k] ? g : 2 - g;
    }
    return out;
  };
}
