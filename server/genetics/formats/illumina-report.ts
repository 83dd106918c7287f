import { GenotypeFileError, lines } from './genotype-file-error.js';
import { oneDog, type TransposedPair } from './plink-layouts.js';

// Illumina GenomeStudio's "Final Report", what genotyping services running Illumina's canine arrays
// send (a [Header] section, then [Data]: one line a marker and dog, tab- or comma-separated). It is
// rewritten as the .tped/.tfam pair the engine reads, so every check of parseTped applies to it.

/** Allele columns, in the order preferred: genome strand first, then Illumina's own strands. */
const ALLELE_COLUMNS = ['Plus', 'Forward', 'Top', 'Design'].map((strand) => [`Allele1 - ${strand}`, `Allele2 - ${strand}`] as const);

export function isIlluminaReport(head: string): boolean {
  return /^\uFEFF?\[Header\]/.test(head.trimStart());
}

/** A one-dog Final Report as the .tped/.tfam pair (the dog's sex is not in it: the sex check reads its X). */
export function illuminaReportToTransposed(text: string, fileName: string): TransposedPair {
  let columns: string[] | null = null;
  let delimiter = '\t';
  let at: Record<'snp' | 'sample' | 'chromosome' | 'position' | 'allele1' | 'allele2', number> | null = null;
  const samples = new Set<string>();
  const tped: string[] = [];
  let inData = false;
  for (const [raw, number] of lines(text)) {
    const line = raw.trim();
    if (!inData) {
      inData = /^\[Data\]/i.test(line);
      continue;
    }
    if (line === '') continue;
    if (!columns) {
      delimiter = line.includes('\t') ? '\t' : ',';
      columns = line.split(delimiter).map((name) => name.trim());
      at = columnsOf(columns, fileName, number);
      continue;
    }
    const f = line.split(delimiter);
    if (f.length < columns.length) throw new GenotypeFileError(`${fileName}: expected ${columns.length} columns, found ${f.length}`, number);
    const sample = f[at!.sample].trim();
    samples.add(sample);
    // a cell Illumina could not call reads '-'
    const allele = (cell: string) => (cell.trim() === '-' || cell.trim() === '' ? '0' : cell.trim());
    tped.push(`${f[at!.chromosome].trim()} ${f[at!.snp].trim()} 0 ${f[at!.position].trim()} ${allele(f[at!.allele1])} ${allele(f[at!.allele2])}`);
  }
  if (!columns) throw new GenotypeFileError(`${fileName} has no [Data] section: it is not a GenomeStudio Final Report`, 0);
  const sample = oneDog([...samples], fileName, (id) => id);
  return { tped: tped.join('\n') + '\n', tfam: `${sample} ${sample} 0 0 0 -9\n` };
}

function columnsOf(columns: string[], fileName: string, line: number) {
  const index = (name: string) => columns.findIndex((column) => column.toLowerCase() === name.toLowerCase());
  const snp = index('SNP Name');
  const sample = Math.max(index('Sample ID'), index('Sample Name'));
  const chromosome = index('Chr');
  const position = index('Position');
  if (snp < 0 || sample < 0) throw new GenotypeFileError(`${fileName}: a Final Report's data starts with the SNP Name and Sample ID columns`, line);
  if (chromosome < 0 || position < 0) {
    throw new GenotypeFileError(`${fileName} is a GenomeStudio Final Report without the Chr and Position columns: export it again with them, so its markers can be placed on the genome`, line);
  }
  const pair = ALLELE_COLUMNS.map(([first, second]) => [index(first), index(second)]).find(([first, second]) => first >= 0 && second >= 0);
  if (!pair) throw new GenotypeFileError(`${fileName} is a GenomeStudio Final Report without base calls (Allele1/Allele2 - Plus, Forward or Top): export it again with them`, line);
  return { snp, sample, chromosome, position, allele1: pair[0], allele2: pair[1] };
}
