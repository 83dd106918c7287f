// Files people upload as "raw DNA data" that the lab does not read: a human test's export, a
// sequencing VCF, an archive in a format other than zip, tar or gzip. Recognised by their name or first bytes,
// so the message says what the file is and what to upload instead, not which line failed to parse.

const WHAT_WE_READ = 'upload the dog’s raw data as our tab-separated text, or a PLINK export (.tped/.tfam as in the zip Embark lets owners download, .ped/.map or .bed/.bim/.fam), or an Illumina GenomeStudio Final Report';

const VCF = `a VCF file of sequencing variants: this lab reads genotyping-array exports; ${WHAT_WE_READ}`;

const BY_EXTENSION: [RegExp, string][] = [
  [/\.vcf(\.b?gz)?$/i, VCF],
  [/\.(bz2|xz|7z|rar|zst)$/i, 'a compressed archive the lab does not open: unpack it, or pack the files as a .zip, .tar or .tar.gz'],
];

const BY_CONTENT: [RegExp, string][] = [
  [/^##fileformat=VCF/, VCF],
  [/23andMe/i, `a human DNA test’s raw data (23andMe), not a dog’s: ${WHAT_WE_READ}`],
  [/AncestryDNA/i, `a human DNA test’s raw data (AncestryDNA), not a dog’s: ${WHAT_WE_READ}`],
  [/MyHeritage|FamilyTreeDNA|Living ?DNA/i, `a human DNA test’s raw data, not a dog’s: ${WHAT_WE_READ}`],
  [/^"?RSID"?,"?CHROMOSOME"?,"?POSITION"?,"?RESULT"?/im, `a human DNA test’s raw data (MyHeritage or FamilyTreeDNA), not a dog’s: ${WHAT_WE_READ}`],
];

/**
 * What the file is, when it is one the lab recognises but does not read (a sentence to show after
 * its name), else null. Only the file's name and its first 2,000 characters are looked at.
 */
export function foreignGenotypeFormat(fileName: string, head: string | Uint8Array): string | null {
  for (const [pattern, message] of BY_EXTENSION) if (pattern.test(fileName)) return message;
  const text = typeof head === 'string' ? head.slice(0, 2000) : new TextDecoder().decode(head.subarray(0, 2000));
  for (const [pattern, message] of BY_CONTENT) if (pattern.test(text)) return message;
  return null;
}
