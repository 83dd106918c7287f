/**
 * Breed-typical allele frequencies at trait loci, for breeds whose look is well known, so simulated
 * purebreds show their breed's colours and coats. Loci not listed are drawn around the global ones.
 */
export type AlleleFrequencies = Readonly<Record<string, number>>;
export type LocusProfile = Readonly<Record<string, AlleleFrequencies>>;

const SMALL = { igf1: { N: 0.95 }, igf1r: { A: 0.6 }, stc2: { A: 0.5 }, 'ghr-e191k': { A: 0.5 }, smad2: { A: 0.5 } };
const LARGE = { igf1: { N: 0.05 }, igf1r: { A: 0.02 }, stc2: { A: 0.02 }, 'ghr-e191k': { A: 0.02 }, smad2: { A: 0.05 } };

export const BREED_LOCUS_PROFILES: Readonly<Record<string, LocusProfile>> = {
  'labrador-retriever': { ...LARGE, E: { E: 0.6, e: 0.4 }, K: { KB: 1 }, B: { B: 0.65, b: 0.35 }, D: { D: 0.97, d: 0.03 }, S: { S: 1 }, M: { m: 1 }, furnishings: { IC: 1 }, 'coat-length': { Sh: 1 }, 'coat-texture': { C: 1 }, appetite: { N: 0.85, del: 0.15 } },
  'golden-retriever': { ...LARGE, E: { e: 1 }, K: { KB: 0.7, ky: 0.3 }, B: { B: 1 }, D: { D: 1 }, S: { S: 1 }, M: { m: 1 }, furnishings: { IC: 1 }, 'coat-length': { Lh: 1 } },
  'standard-poodle': { ...LARGE, E: { E: 0.6, e: 0.4 }, K: { KB: 0.9, ky: 0.1 }, B: { B: 0.6, b: 0.4 }, furnishings: { F: 1 }, 'coat-length': { Lh: 1 }, 'coat-texture': { T: 1 }, shedding: { T: 0.5 } },
  'miniature-poodle': { ...SMALL, E: { E: 0.6, e: 0.4 }, K: { KB: 0.9, ky: 0.1 }, B: { B: 0.6, b: 0.4 }, furnishings: { F: 1 }, 'coat-length': { Lh: 1 }, 'coat-texture': { T: 1 } },
  'toy-poodle': { ...SMALL, E: { E: 0.6, e: 0.4 }, K: { KB: 0.9, ky: 0.1 }, B: { B: 0.6, b: 0.4 }, furnishings: { F: 1 }, 'coat-length': { Lh: 1 }, 'coat-texture': { T: 1 } },
  'german-shepherd-dog': { ...LARGE, E: { Em: 0.35, E: 0.65 }, K: { ky: 1 }, A: { at: 0.7, aw: 0.2, a: 0.1 }, B: { B: 1 }, D: { D: 0.97, d: 0.03 }, S: { S: 1 }, M: { m: 1 }, 'coat-length': { Sh: 0.8, Lh: 0.2 } },
  'siberian-husky': { E: { E: 1 }, K: { ky: 1 }, A: { aw: 0.55, at: 0.25, a: 0.2 }, S: { S: 0.5, sp: 0.5 }, 'blue-eyes': { Dup: 0.4, N: 0.6 }, 'coat-length': { Sh: 0.95, Lh: 0.05 } },
  'alaskan-malamute': { ...LARGE, E: { E: 1 }, K: { ky: 1 }, A: { aw: 0.9, a: 0.1 }, S: { S: 0.6, sp: 0.4 } },
  'australian-shepherd': { E: { E: 0.9, e: 0.1 }, K: { KB: 0.9, ky: 0.1 }, A: { at: 0.7, ay: 0.3 }, B: { B: 0.55, b: 0.45 }, M: { M: 0.3, m: 0.7 }, 'tail-length': { G: 0.35, C: 0.65 }, 'coat-length': { Lh: 1 } },
  'border-collie': { E: { E: 0.85, e: 0.15 }, K: { KB: 0.8, ky: 0.2 }, A: { at: 0.7, ay: 0.2, a: 0.1 }, B: { B: 0.75, b: 0.25 }, M: { M: 0.05, m: 0.95 }, S: { sp: 0.7, S: 0.3 }, 'coat-length': { Lh: 0.8, Sh: 0.2 } },
  weimaraner: { ...LARGE, E: { E: 1 }, K: { KB: 1 }, B: { b: 1 }, D: { d: 1 }, 'coat-length': { Sh: 1 } },
  'doberman-pinscher': { ...LARGE, E: { E: 1 }, K: { ky: 1 }, A: { at: 1 }, B: { B: 0.6, b: 0.4 }, D: { D: 0.7, d: 0.3 }, 'coat-length': { Sh: 1 } },
  rottweiler: { ...LARGE, E: { E: 1 }, K: { ky: 1 }, A: { at: 1 }, B: { B: 1 }, D: { D: 1 }, 'coat-length': { Sh: 1 } },
  beagle: { E: { E: 0.9, e: 0.1 }, K: { ky: 1 }, A: { at: 0.75, ay: 0.25 }, S: { sp: 1 }, 'coat-length': { Sh: 1 } },
  boxer: { ...LARGE, E: { Em: 1 }, K: { kbr: 0.5, ky: 0.5 }, A: { ay: 1 }, S: { S: 0.45, sp: 0.55 }, 'muzzle-length': { A: 1 }, 'coat-length': { Sh: 1 } },
  pug: { ...SMALL, E: { Em: 0.9, E: 0.1 }, K: { ky: 0.8, KB: 0.2 }, A: { ay: 1 }, 'muzzle-length': { A: 1 }, 'coat-length': { Sh: 1 } },
  'french-bulldog': { ...SMALL, E: { Em: 0.5, E: 0.3, e: 0.2 }, K: { kbr: 0.6, ky: 0.4 }, A: { ay: 0.8, at: 0.2 }, B: { B: 0.8, b: 0.2 }, D: { D: 0.7, d: 0.3 }, S: { S: 0.5, sp: 0.5 }, 'muzzle-length': { A: 1 }, 'tail-length': { G: 0.2, C: 0.8 } },
  bulldog: { E: { Em: 0.5, E: 0.3, e: 0.2 }, K: { kbr: 0.5, ky: 0.5 }, A: { ay: 1 }, S: { sp: 0.8, S: 0.2 }, 'muzzle-length': { A: 1 } },
  dalmatian: { ...LARGE, E: { E: 1 }, K: { KB: 1 }, B: { B: 0.8, b: 0.2 }, S: { sp: 1 }, 'coat-length': { Sh: 1 } },
  dachshund: { E: { E: 0.7, e: 0.3 }, K: { ky: 1 }, A: { ay: 0.5, at: 0.5 }, M: { M: 0.1, m: 0.9 }, 'coat-length': { Sh: 0.6, Lh: 0.4 }, furnishings: { F: 0.2, IC: 0.8 }, chondrodysplasia: { I: 1 } },
  'miniature-dachshund': { ...SMALL, E: { E: 0.7, e: 0.3 }, K: { ky: 1 }, A: { ay: 0.5, at: 0.5 }, M: { M: 0.1, m: 0.9 }, 'coat-length': { Sh: 0.5, Lh: 0.5 }, chondrodysplasia: { I: 1 } },
  'yorkshire-terrier': { ...SMALL, E: { E: 1 }, K: { ky: 1 }, A: { at: 1 }, 'coat-length': { Lh: 1 }, furnishings: { F: 1 } },
  chihuahua: { ...SMALL, igf1: { N: 1 }, 'coat-length': { Sh: 0.6, Lh: 0.4 } },
  'pembroke-welsh-corgi': { E: { E: 0.8, e: 0.2 }, K: { ky: 1 }, A: { ay: 0.8, at: 0.2 }, 'tail-length': { G: 0.5, C: 0.5 }, chondrodysplasia: { I: 1 } },
  'great-dane': { E: { Em: 0.5, E: 0.5 }, K: { KB: 0.6, kbr: 0.1, ky: 0.3 }, A: { ay: 1 }, M: { M: 0.25, m: 0.75 }, H: { H: 0.2, h: 0.8 }, D: { D: 0.7, d: 0.3 }, igf1: { N: 0 }, 'coat-length': { Sh: 1 } },
  'miniature-schnauzer': { ...SMALL, E: { E: 0.8, e: 0.2 }, K: { ky: 0.7, KB: 0.3 }, A: { a: 0.5, at: 0.3, ay: 0.2 }, furnishings: { F: 1 } },
  'shih-tzu': { ...SMALL, 'coat-length': { Lh: 1 }, furnishings: { F: 1 }, 'muzzle-length': { A: 0.8, C: 0.2 } },
  'tibetan-mastiff': { altitude: { A: 0.9, G: 0.1 } },
  'tibetan-terrier': { altitude: { A: 0.4, G: 0.6 }, 'coat-length': { Lh: 1 } },
  'chinese-crested': { 'hairless-foxi3': { H: 0.5, N: 0.5 } },
  xoloitzcuintli: { 'hairless-foxi3': { H: 0.5, N: 0.5 } },
  'american-hairless-terrier': { 'hairless-sgk3': { h: 1 } },
  'bernese-mountain-dog': { ...LARGE, E: { E: 1 }, K: { ky: 1 }, A: { at: 1 }, S: { S: 0.5, sp: 0.5 }, 'coat-length': { Lh: 1 } },
  samoyed: { E: { e: 1 }, 'coat-length': { Sh: 1 } },
  'irish-setter': { E: { e: 1 }, 'coat-length': { Lh: 1 } },
  vizsla: { E: { e: 1 }, 'coat-length': { Sh: 1 } },
  'cavalier-king-charles-spaniel': { ...SMALL, E: { E: 0.6, e: 0.4 }, K: { ky: 1 }, A: { ay: 0.6, at: 0.4 }, S: { sp: 1 }, 'coat-length': { Lh: 1 } },
  'cocker-spaniel': { E: { E: 0.6, e: 0.4 }, K: { KB: 0.6, ky: 0.4 }, 'coat-length': { Lh: 1 } },
};

/** Wolves: ancestral coat alleles, larger body-size alleles, and the odd black (KB) wolf. */
export const WOLF_LOCUS_PROFILE: LocusProfile = {
  ...LARGE,
  E: { E: 1 },
  K: { ky: 0.9, KB: 0.1 },
  A: { aw: 0.95, a: 0.05 },
  'coat-length': { Sh: 1 },
  furnishings: { IC: 1 },
  altitude: { G: 0.95, A: 0.05 },
};

/** Breed-independent background frequencies of the marked alleles across dogs. */
export const GLOBAL_LOCUS_FREQUENCIES: LocusProfile = {
  E: { Em: 0.15, E: 0.6, e: 0.25 },
  K: { KB: 0.45, kbr: 0.1, ky: 0.45 },
  A: { ay: 0.35, aw: 0.15, at: 0.4, a: 0.1 },
  B: { B: 0.85, b: 0.15 },
  D: { D: 0.9, d: 0.1 },
  M: { M: 0.02, m: 0.98 },
  S: { S: 0.65, sp: 0.35 },
  cocoa: { N: 0.99, co: 0.01 },
  'saddle-tan': { I: 0.7, N: 0.3 },
  R: { R: 0.05, r: 0.95 },
  H: { H: 0.003, h: 0.997 },
  panda: { Pa: 0.001, N: 0.999 },
  furnishings: { F: 0.15, IC: 0.85 },
  'coat-length': { Sh: 0.75, Lh: 0.25 },
  shedding: { C: 0.8, T: 0.2 },
  'coat-texture': { C: 0.9, T: 0.1 },
  'hairless-foxi3': { H: 0.001, N: 0.999 },
  'hairless-sgk3': { N: 0.999, h: 0.001 },
  'muzzle-length': { C: 0.9, A: 0.1 },
  'tail-length': { G: 0.02, C: 0.98 },
  'hind-dewclaws': { T: 0.1, C: 0.9 },
  chondrodysplasia: { I: 0.15, N: 0.85 },
  'blue-eyes': { Dup: 0.02, N: 0.98 },
  'back-muscling': { T: 0.3, C: 0.7 },
  igf1: { I: 0.6, N: 0.4 },
  igf1r: { G: 0.8, A: 0.2 },
  stc2: { T: 0.8, A: 0.2 },
  'ghr-e191k': { G: 0.85, A: 0.15 },
  'ghr-p177l': { C: 0.97, T: 0.03 },
  smad2: { G: 0.8, A: 0.2 },
  altitude: { G: 0.99, A: 0.01 },
  appetite: { N: 0.99, del: 0.01 },
};
