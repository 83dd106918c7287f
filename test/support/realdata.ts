import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real exports and their lab's published results (never copied into the project): REALDATA_DIR, else ../shared/realdata beside the repository. */
export const REALDATA_DIR = process.env.REALDATA_DIR ? path.resolve(process.env.REALDATA_DIR) : path.resolve(REPO_ROOT, '../shared/realdata');

export interface RealExport {
  name: string;
  zipPath: string;
  swabCode: string;
  /** Sex column of the .tfam. */
  sex: 'm' | 'f';
  /** Coefficient of inbreeding the original lab published. */
  publishedCoi: number;
}

/** shared/realdata/README.md: three unrelated dogs, two array versions (Coralie's the older). */
export const REAL_EXPORTS: readonly RealExport[] = [
  { name: 'Aspen', sex: 'f', publishedCoi: 0.00134 },
  { name: 'Coralie', sex: 'f', publishedCoi: 0.00178 },
  { name: 'Duke', sex: 'm', publishedCoi: 0.169 },
].map((dog) => ({ ...dog, sex: dog.sex as 'm' | 'f', zipPath: path.join(REALDATA_DIR, `${dog.name}.zip`), swabCode: `REALEXPORT${dog.name.toUpperCase()}` }));

/** True when the real exports are there; otherwise says so loudly (tests then skip). */
export function realDataPresent(): boolean {
  const present = REAL_EXPORTS.every((dog) => existsSync(dog.zipPath));
  if (!present) console.warn(`\n*** REAL-DATA TESTS SKIPPED: the real exports are not in ${REALDATA_DIR} (set REALDATA_DIR) ***\n`);
  return present;
}

/** The .tped and .tfam texts inside an export's zip. */
export function readExport(dog: RealExport): { tped: string; tfam: string } {
  const entries = unzipSync(new Uint8Array(readFileSync(dog.zipPath)));
  const text = (extension: string) => strFromU8(Object.entries(entries).find(([name]) => name.endsWith(extension))![1]);
  return { tped: text('.tped'), tfam: text('.tfam') };
}

const COMPLEMENT: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };

/**
 * One dog's export written on another array version's markers, as that version would export it:
 * the other version's lines, order and probe names, this dog's genotype at each position (a
 * no-call where it has none), and every base read on the other strand.
 */
export function reencode(dogTped: string, otherVersionTped: string): string {
  const genotypes = new Map<string, string>();
  for (const line of dogTped.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length >= 6) genotypes.set(`${f[0]}:${f[3]}`, `${f[4]} ${f[5]}`);
  }
  const out: string[] = [];
  for (const line of otherVersionTped.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 6) continue;
    const alleles = (genotypes.get(`${f[0]}:${f[3]}`) ?? '0 0').split(' ').map((allele) => COMPLEMENT[allele] ?? allele);
    out.push(`${f[0]} ${f[1]} ${f[2]} ${f[3]} ${alleles.join(' ')}`);
  }
  return out.join('\n') + '\n';
}
