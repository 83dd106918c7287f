import { createMarkerPanel, type Marker, type MarkerPanel } from '../genetics/panel.js';
import type { TpedGenotypes } from '../genetics/formats/plink.js';
import type { ParsedGenotypeFile } from './engine.js';
import type { ReadGenotypeFile } from './read-file.js';

// A file read on the upload reader's thread comes back to the server's as plain data: calls and
// positions as typed arrays, and an array export's own panel (up to a million markers) as columns,
// not as a million objects to clone one by one.

/** An array export's own panel: what parseTped made of the file's markers (sorted, SNPs, one-letter alleles). */
interface PanelColumns {
  /** Marker names, one a line (names are whitespace-free fields of the file). */
  ids: string;
  chromosomes: Uint8Array;
  positions: Uint32Array;
  /** One letter a marker ('N' while unknown). */
  refs: string;
  alts: string;
}

export type SentParsedFile = Omit<ParsedGenotypeFile, 'array'> & { array?: Omit<TpedGenotypes, 'panel'> & { panel: PanelColumns } };
export type SentReadFile = Omit<ReadGenotypeFile, 'parsed'> & { parsed: SentParsedFile };

export function sendableRead(read: ReadGenotypeFile): SentReadFile {
  const { array, ...parsed } = read.parsed;
  return { ...read, parsed: array ? { ...parsed, array: { ...array, panel: panelColumns(array.panel) } } : parsed };
}

export function receivedRead(sent: SentReadFile): ReadGenotypeFile {
  const { array, ...parsed } = sent.parsed;
  return { ...sent, parsed: array ? { ...parsed, array: { ...array, panel: panelOfColumns(array.panel) } } : parsed };
}

function panelColumns(panel: MarkerPanel): PanelColumns {
  const { markers } = panel;
  const ids = new Array<string>(markers.length);
  const refs = new Array<string>(markers.length);
  const alts = new Array<string>(markers.length);
  for (let i = 0; i < markers.length; i++) {
    const m = markers[i];
    if (m.kind !== 'snp' || m.ref.length !== 1 || m.alt.length !== 1 || /\s/.test(m.id)) throw new Error(`An export's own marker ${JSON.stringify(m.id)} is not a plain SNP`);
    ids[i] = m.id;
    refs[i] = m.ref;
    alts[i] = m.alt;
  }
  return { ids: ids.join('\n'), chromosomes: panel.chromosomes, positions: panel.positions, refs: refs.join(''), alts: alts.join('') };
}

/** The same panel again: its markers are already in panel order, so createMarkerPanel keeps it. */
function panelOfColumns(columns: PanelColumns): MarkerPanel {
  const ids = columns.ids === '' ? [] : columns.ids.split('\n');
  const markers = new Array<Marker>(ids.length);
  for (let i = 0; i < ids.length; i++) {
    markers[i] = { id: ids[i], chromosome: columns.chromosomes[i], position: columns.positions[i], ref: columns.refs[i], alt: columns.alts[i], kind: 'snp' };
  }
  return createMarkerPanel(markers);
}
