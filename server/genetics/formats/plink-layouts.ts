import { GenotypeFileError, lines } from './genotype-file-error.js';

// PLINK's other two layouts of the same data, rewritten as the transposed pair (.tped/.tfam) the
// engine reads, so every check of parseTped and parseTfam applies to them unchanged:
// - .ped/.map: one line a dog (`family individual father mother sex phenotype`, then two alleles a
//   marker, in .map order), and one line a marker (`chromosome marker centimorgans position`);
// - .bed/.bim/.fam: the binary genotypes (magic 6c 1b, then 01 for one marker a row), the markers
//   (`chromosome marker centimorgans position allele1 allele2`) and the dogs (as a .tfam).

export interface TransposedPair {
  tped: string;
  tfam: string;
}

const BED_MAGIC = [0x6c, 0x1b];
const BED_MARKER_MAJOR = 0x01;

/** The .map lines: `chromosome marker centimorgans position`, the .tped's first four columns. */
function mapRows(map: string, fileName: string): string[] {
  const rows: string[] = [];
  for (const [raw, number] of lines(map)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const f = line.split(/\s+/);
    if (f.length < 4) throw new GenotypeFileError(`${fileName}: expected "chromosome marker centimorgans position", found ${f.length} fields`, number);
    rows.push(`${f[0]} ${f[1]} ${f[2]} ${f[3]}`);
  }
  if (rows.length === 0) throw new GenotypeFileError(`${fileName} lists no marker`, 0);
  return rows;
}

/** Dog lines of a .ped or .fam; a raw-data export is one dog's, so a file of several is refused by name. */
export function oneDog<T>(records: T[], fileName: string, idOf: (record: T) => string): T {
  if (records.length === 0) throw new GenotypeFileError(`${fileName} names no dog`, 0);
  if (records.length > 1) {
    const named = records.slice(0, 3).map(idOf).join(', ');
    throw new GenotypeFileError(`${fileName} holds ${records.length} dogs (${named}${records.length > 3 ? ', …' : ''}): upload one dog’s export at a time`, 0);
  }
  return records[0];
}

/** A one-dog .ped/.map pair as the .tped/.tfam pair. */
export function pedToTransposed(ped: string, map: string, names = { ped: 'the .ped', map: 'the .map' }): TransposedPair {
  const markers = mapRows(map, names.map);
  const dogs: { fields: string[]; number: number }[] = [];
  for (const [raw, number] of lines(ped)) {
    const line = raw.trim();
    if (line !== '' && !line.startsWith('#')) dogs.push({ fields: line.split(/\s+/), number });
  }
  const dog = oneDog(dogs, names.ped, ({ fields }) => fields[1] ?? fields[0]);
  const alleles = dog.fields.length - 6;
  if (alleles !== 2 * markers.length) {
    throw new GenotypeFileError(`${names.ped}: expected 6 columns and 2 alleles for each of the ${markers.length} markers of ${names.map}, found ${dog.fields.length} fields`, dog.number);
  }
  const tped = new Array<string>(markers.length);
  for (let i = 0; i < markers.length; i++) tped[i] = `${markers[i]} ${dog.fields[6 + 2 * i]} ${dog.fields[7 + 2 * i]}`;
  return { tped: tped.join('\n') + '\n', tfam: dog.fields.slice(0, 6).join(' ') + '\n' };
}

/** A one-dog .bed/.bim/.fam set as the .tped/.tfam pair. */
export function bedToTransposed(bed: Uint8Array, bim: string, fam: string, names = { bed: 'the .bed', bim: 'the .bim', fam: 'the .fam' }): TransposedPair {
  const famLines: string[] = [];
  for (const [raw] of lines(fam)) if (raw.trim() !== '' && !raw.trim().startsWith('#')) famLines.push(raw.trim());
  const dog = oneDog(famLines, names.fam, (line) => line.split(/\s+/)[1] ?? line);
  const markers: { columns: string; a1: string; a2: string }[] = [];
  for (const [raw, number] of lines(bim)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const f = line.split(/\s+/);
    if (f.length < 6) throw new GenotypeFileError(`${names.bim}: expected "chromosome marker centimorgans position allele1 allele2", found ${f.length} fields`, number);
    markers.push({ columns: `${f[0]} ${f[1]} ${f[2]} ${f[3]}`, a1: f[4], a2: f[5] });
  }
  if (markers.length === 0) throw new GenotypeFileError(`${names.bim} lists no marker`, 0);
  if (bed.length < 3 || bed[0] !== BED_MAGIC[0] || bed[1] !== BED_MAGIC[1]) throw new GenotypeFileError(`${names.bed} is not a PLINK .bed file`, 0);
  if (bed[2] !== BED_MARKER_MAJOR) throw new GenotypeFileError(`${names.bed} is stored one dog a row: write it one marker a row (plink --make-bed)`, 0);
  // one dog: one byte a marker, the dog's two bits the lowest
  if (bed.length !== 3 + markers.length) {
    throw new GenotypeFileError(`${names.bed} holds ${bed.length - 3} bytes of genotypes, but ${names.bim} lists ${markers.length} markers`, 0);
  }
  const tped = new Array<string>(markers.length);
  for (let i = 0; i < markers.length; i++) {
    const { columns, a1, a2 } = markers[i];
    const code = bed[3 + i] & 3;
    // 00 two copies of allele 1, 10 one of each, 11 two of allele 2, 01 no call
    const pair = code === 0 ? `${a1} ${a1}` : code === 2 ? `${a1} ${a2}` : code === 3 ? `${a2} ${a2}` : '0 0';
    tped[i] = `${columns} ${pair}`;
  }
  return { tped: tped.join('\n') + '\n', tfam: dog + '\n' };
}
