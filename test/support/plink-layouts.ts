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
