// Writes one dog's .tped/.tfam pair in PLINK's other two layouts, as plink --recode and --make-bed
// would: the tests read them back and expect what the transposed pair gives.

const fieldsOf = (line: string) => line.trim().split(/\s+/);
const dataLines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

export function toPedMap(tped: string, tfam: string): { ped: string; map: string } {
  const rows = dataLines(tped).map(fieldsOf);
  const map = rows.map((f) => f.slice(0, 4).join('\t')).join('\n') + '\n';
  const alleles = rows.map((f) => `${f[4]} ${f[5]}`).join('\t');
  return { ped: `${fieldsOf(tfam).join(' ')} ${alleles}\n`, map };
}

export function toBed(tped: string, tfam: string): { bed: Uint8Array; bim: string; fam: string } {
  const rows = dataLines(tped).map(fieldsOf);
  const bed = new Uint8Array(3 + rows.length);
  bed.set([0x6c, 0x1b, 0x01]);
  const bim = rows.map((f, i) => {
    const called = f[4] !== '0' && f[5] !== '0';
    // one dog: a homozygous marker has allele 1 unknown ('0'), as plink writes a monomorphic one
    const [a1, a2] = !called ? ['0', '0'] : f[4] === f[5] ? ['0', f[4]] : [f[4], f[5]];
    // 00 two copies of allele 1, 10 one of each, 11 two of allele 2, 01 no call
    bed[3 + i] = !called ? 1 : f[4] !== f[5] ? 2 : 3;
    return [...f.slice(0, 4), a1, a2].join('\t');
  });
  return { bed, bim: bim.join('\n') + '\n', fam: `${fieldsOf(tfam).join(' ')}\n` };
}

/** The same dog as an Illumina GenomeStudio Final Report (tab- or comma-separated, '-' a no-call). */
export function toIlluminaReport(tped: string, tfam: string, options: { delimiter?: string; columns?: string[]; samples?: string[] } = {}): string {
  const d = options.delimiter ?? '\t';
  const columns = options.columns ?? ['SNP Name', 'Sample ID', 'Allele1 - Forward', 'Allele2 - Forward', 'GC Score', 'Chr', 'Position'];
  const samples = options.samples ?? [fieldsOf(tfam)[1]];
  const rows = dataLines(tped).map(fieldsOf);
  const header = ['[Header]', `GSGT Version${d}2.0.4`, `Content${d}CanineHD_B.bpm`, `Num SNPs${d}${rows.length}`, `Num Samples${d}${samples.length}`, '[Data]', columns.join(d)];
  const cell = (f: string[], sample: string, column: string) => {
    if (column === 'SNP Name') return f[1];
    if (column === 'Sample ID') return sample;
    if (column === 'Chr') return f[0] === '39' ? 'X' : f[0];
    if (column === 'Position') return f[3];
    if (/^Allele1/.test(column)) return f[4] === '0' ? '-' : f[4];
    if (/^Allele2/.test(column)) return f[5] === '0' ? '-' : f[5];
    return '0.8';
  };
  const data = samples.flatMap((sample) => rows.map((f) => columns.map((column) => cell(f, sample, column)).join(d)));
  return [...header, ...data].join('\r\n') + '\r\n';
}
