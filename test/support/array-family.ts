import { strToU8, zipSync } from 'fflate';
import { createRandom, type Random } from '../../server/genetics/prng.js';
import { REAL_EXPORTS, readExport } from './realdata.js';

/**
 * A family typed on an array version none of the real exports comes from, built from the real
 * exports' genotypes (founders: Duke as the sire, Aspen and Coralie as dams) with crossovers, and
 * written as that array would export it. Deterministic for a seed. Independent of the engine: the
 * engine has to read these files, so they are written from the tped text, not from its panels.
 *
 * The "v3" array: the positions Aspen's and Coralie's arrays share, less a tenth of them, plus
 * positions neither carries (founders' genotypes there drawn from a frequency), in the order of
 * the marker names, with new probe names; a sixth of the markers reported on the other strand and
 * a fifth with the allele order swapped; I/D markers and the XY, Y and MT lines kept, and the older
 * array's unplaced (chromosome 0) markers added.
 */

export type Sex = 'm' | 'f';

export interface FamilyDog {
  name: string;
  sex: Sex;
  /** What the dog is in the family, for the tests' messages. */
  role: string;
  sire?: string;
  dam?: string;
}

/** Two unrelated parents and their litter, a half sibling, and the pups of a full-sibling mating. */
export const ARRAY_FAMILY: readonly FamilyDog[] = [
  { name: 'Sire', sex: 'm', role: 'founder (Duke)' },
  { name: 'DamOne', sex: 'f', role: 'founder (Aspen)' },
  { name: 'DamTwo', sex: 'f', role: 'founder (Coralie)' },
  { name: 'Brother', sex: 'm', role: 'pup of Sire and DamOne', sire: 'Sire', dam: 'DamOne' },
  { name: 'Sister', sex: 'f', role: 'pup of Sire and DamOne', sire: 'Sire', dam: 'DamOne' },
  { name: 'Sibling', sex: 'f', role: 'pup of Sire and DamOne', sire: 'Sire', dam: 'DamOne' },
  { name: 'HalfSib', sex: 'm', role: 'pup of Sire and DamTwo', sire: 'Sire', dam: 'DamTwo' },
  { name: 'InbredOne', sex: 'f', role: 'pup of Brother and Sister', sire: 'Brother', dam: 'Sister' },
  { name: 'InbredTwo', sex: 'm', role: 'pup of Brother and Sister', sire: 'Brother', dam: 'Sister' },
  { name: 'InbredThree', sex: 'f', role: 'pup of Brother and Sister', sire: 'Brother', dam: 'Sister' },
  { name: 'InbredFour', sex: 'm', role: 'pup of Brother and Sister', sire: 'Brother', dam: 'Sister' },
];

const FOUNDERS: Record<string, string> = { Sire: 'Duke', DamOne: 'Aspen', DamTwo: 'Coralie' };

interface V3Marker {
  chromosome: number;
  position: number;
  name: string;
  /** The two alleles as the founders' arrays report them (forward strand as read there). */
  alleles: [string, string];
  /** Each founder's genotype (two allele codes, '0' unknown), from its real export or drawn. */
  founders: Record<string, [string, string]>;
  /** Reported on the other strand / with the allele order swapped on v3. */
  flipStrand: boolean;
  swapOrder: boolean;
}

const COMPLEMENT: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };
const X = 39;
const Y = 40;
const MT = 42;

function genotypesByPosition(tped: string): Map<string, { chromosome: number; position: number; a1: string; a2: string }> {
  const out = new Map<string, { chromosome: number; position: number; a1: string; a2: string }>();
  for (const line of tped.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 6) continue;
    out.set(`${f[0]}:${f[3]}`, { chromosome: Number(f[0]), position: Number(f[3]), a1: f[4], a2: f[5] });
  }
  return out;
}

function v3Markers(random: Random): V3Marker[] {
  const founders = Object.fromEntries(Object.entries(FOUNDERS).map(([role, name]) => [role, genotypesByPosition(readExport(REAL_EXPORTS.find((dog) => dog.name === name)!).tped)]));
  const markers: V3Marker[] = [];
  let serial = 0;
  for (const [key, aspen] of founders.DamOne) {
    if (!founders.DamTwo.has(key) || !founders.Sire.has(key) || random.next() < 0.1) continue;
    const calls = Object.fromEntries(Object.keys(FOUNDERS).map((role) => [role, [founders[role].get(key)!.a1, founders[role].get(key)!.a2] as [string, string]]));
    const seen = [...new Set(Object.values(calls).flat().filter((allele) => allele !== '0'))];
    if (seen.length > 2) continue;
    const alleles: [string, string] = [seen[0] ?? 'A', seen[1] ?? otherBase(seen[0] ?? 'A', random)];
    const snp = alleles.every((allele) => COMPLEMENT[allele]) && COMPLEMENT[alleles[0]] !== alleles[1];
    markers.push({ chromosome: aspen.chromosome, position: aspen.position, name: `V3_${(serial++).toString(36)}`, alleles, founders: calls, flipStrand: snp && random.next() < 1 / 6, swapOrder: random.next() < 0.2 });
  }
  // unplaced markers (chromosome 0), as the older array has them: Coralie's calls, the other founders' drawn
  for (const [key, coralie] of founders.DamTwo) {
    if (coralie.chromosome !== 0 || founders.DamOne.has(key) || coralie.a1 === '0' || coralie.a1 === 'I' || coralie.a1 === 'D') continue;
    const alleles: [string, string] = [coralie.a1, coralie.a2 !== coralie.a1 ? coralie.a2 : otherBase(coralie.a1, random)];
    const draw = () => alleles[random.int(2)];
    const calls = { Sire: [draw(), draw()], DamOne: [draw(), draw()], DamTwo: [coralie.a1, coralie.a2] } as Record<string, [string, string]>;
    markers.push({ chromosome: 0, position: coralie.position, name: `V3_un_${(serial++).toString(36)}`, alleles, founders: calls, flipStrand: false, swapOrder: random.next() < 0.2 });
  }
  // positions neither array carries: the founders' genotypes drawn from a frequency of their own
  const autosomal = markers.filter((marker) => marker.chromosome >= 1 && marker.chromosome <= 38);
  for (let k = 0; k < 8000; k++) {
    const near = autosomal[random.int(autosomal.length)];
    const alleles: [string, string] = random.next() < 0.5 ? ['A', 'G'] : ['C', 'T'];
    const p = 0.1 + 0.8 * random.next();
    const draw = () => (random.next() < p ? alleles[0] : alleles[1]);
    const calls = Object.fromEntries(Object.keys(FOUNDERS).map((role) => [role, [draw(), draw()] as [string, string]]));
    markers.push({ chromosome: near.chromosome, position: near.position + 1 + random.int(400), name: `V3_new_${k}`, alleles, founders: calls, flipStrand: false, swapOrder: false });
  }
  const seenPositions = new Set<string>();
  return markers
    .filter((marker) => !seenPositions.has(`${marker.chromosome}:${marker.position}`) && seenPositions.add(`${marker.chromosome}:${marker.position}`))
    .sort((a, b) => a.chromosome - b.chromosome || a.position - b.position);
}

function otherBase(base: string, random: Random): string {
  if (base === 'I') return 'D';
  if (base === 'D') return 'I';
  const choices = ['A', 'C', 'G', 'T'].filter((b) => b !== base && b !== COMPLEMENT[base]);
  return choices[random.int(choices.length)];
}

/** A dog's two haplotypes: allele codes per marker ('0' unknown); [maternal, paternal]. Males' X, Y and MT are one copy, written twice. */
type Haplotypes = [string[], string[]];

function founderHaplotypes(markers: readonly V3Marker[], role: string, random: Random): Haplotypes {
  const maternal: string[] = [];
  const paternal: string[] = [];
  for (const marker of markers) {
    let [a, b] = marker.founders[role];
    // a founder's no-call: an allele of the marker at random (its children need one)
    if (a === '0') a = marker.alleles[random.int(2)];
    if (b === '0') b = marker.chromosome === Y || marker.chromosome === MT ? a : marker.alleles[random.int(2)];
    // a random phase: crossovers in its pups then mix real alleles the dog carries
    if (random.next() < 0.5) [a, b] = [b, a];
    maternal.push(a);
    paternal.push(b);
  }
  return [maternal, paternal];
}

/** A gamete: each chromosome a mosaic of the two haplotypes, switching at crossovers (Poisson, 1 per 100 Mb, as 1 cM per Mb). */
function gamete(parent: Haplotypes, markers: readonly V3Marker[], random: Random): string[] {
  const out: string[] = new Array(markers.length);
  let start = 0;
  while (start < markers.length) {
    const chromosome = markers[start].chromosome;
    let end = start;
    while (end < markers.length && markers[end].chromosome === chromosome) end++;
    if (chromosome === 0) {
      // unplaced: no map, each marker inherited on its own
      for (let i = start; i < end; i++) out[i] = parent[random.int(2)][i];
    } else {
      const from = markers[start].position;
      const length = markers[end - 1].position - from;
      const points = Array.from({ length: random.poisson(length / 1e8) }, () => from + random.next() * length).sort((a, b) => a - b);
      let side = random.int(2);
      let next = 0;
      for (let i = start; i < end; i++) {
        while (next < points.length && markers[i].position > points[next]) {
          side = 1 - side;
          next++;
        }
        out[i] = parent[side][i];
      }
    }
    start = end;
  }
  return out;
}

/** A pup of sire and dam: the dam's gamete and mitochondria; a son gets his sire's Y and only his dam's X, a daughter her sire's X. */
function pup(sire: Haplotypes, dam: Haplotypes, sex: Sex, markers: readonly V3Marker[], random: Random): Haplotypes {
  const fromDam = gamete(dam, markers, random);
  const fromSire = gamete(sire, markers, random);
  const maternal: string[] = [];
  const paternal: string[] = [];
  markers.forEach((marker, i) => {
    if (marker.chromosome === MT) {
      maternal.push(dam[0][i]);
      paternal.push(dam[0][i]);
    } else if (marker.chromosome === Y) {
      const allele = sex === 'm' ? sire[0][i] : '0';
      maternal.push(allele);
      paternal.push(allele);
    } else if (marker.chromosome === X) {
      maternal.push(fromDam[i]);
      // the sire's X is one copy: a son has none of it, a daughter all of it
      paternal.push(sex === 'm' ? fromDam[i] : sire[0][i]);
    } else {
      maternal.push(fromDam[i]);
      paternal.push(fromSire[i]);
    }
  });
  return [maternal, paternal];
}

/** A .tped as the v3 array exports it: its order (by probe name), its strand and allele order, 0.5% no-calls and 0.1% miscalls. */
function writeTped(markers: readonly V3Marker[], haplotypes: Haplotypes, random: Random): string {
  const lines: string[] = [];
  const order = markers.map((_, i) => i).sort((a, b) => (markers[a].name < markers[b].name ? -1 : 1));
  for (const i of order) {
    const marker = markers[i];
    let alleles = [haplotypes[0][i], haplotypes[1][i]];
    if (alleles.includes('0') || random.next() < 0.005) alleles = ['0', '0'];
    else if (random.next() < 0.001) alleles[random.int(2)] = alleles[0] === marker.alleles[0] ? marker.alleles[1] : marker.alleles[0];
    if (marker.flipStrand) alleles = alleles.map((allele) => COMPLEMENT[allele] ?? allele);
    if (marker.swapOrder) alleles.reverse();
    lines.push(`${marker.chromosome} ${marker.name} 0 ${marker.position} ${alleles[0]} ${alleles[1]}`);
  }
  return lines.join('\n') + '\n';
}

export interface FamilyExport extends FamilyDog {
  /** A zip as a DNA service hands it out: the .tped/.tfam pair. */
  zip: Uint8Array;
  tped: string;
  tfam: string;
}

/** The family's exports on the v3 array, in ARRAY_FAMILY's order (parents before pups). */
export function arrayFamilyExports(seed = 17): FamilyExport[] {
  const random = createRandom(seed);
  const markers = v3Markers(random.fork('markers'));
  const haplotypes = new Map<string, Haplotypes>();
  return ARRAY_FAMILY.map((dog) => {
    const own = random.fork(dog.name);
    const dogHaplotypes = dog.sire && dog.dam ? pup(haplotypes.get(dog.sire)!, haplotypes.get(dog.dam)!, dog.sex, markers, own) : founderHaplotypes(markers, dog.name, own);
    haplotypes.set(dog.name, dogHaplotypes);
    const id = `V3-${dog.name.toUpperCase()}`;
    const tped = writeTped(markers, dogHaplotypes, own);
    const tfam = `${id} ${id} 0 0 ${dog.sex === 'm' ? 1 : 2} -9\n`;
    return { ...dog, tped, tfam, zip: zipSync({ [`${id}.tped`]: strToU8(tped), [`${id}.tfam`]: strToU8(tfam) }) };
  });
}
