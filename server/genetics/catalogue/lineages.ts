// The maternal (mitochondrial) and paternal (Y chromosome) lineage trees the lab types.
//
// Mitochondria pass from a mother to all her pups and the Y from a father to his sons, whole and
// without recombining, so each lineage is a tree: a branch is defined by the mutations every dog on
// it carries. Labs name the major branches of the dog's mitochondrial tree A to D (most dogs are A,
// a few breeds are rich in B, C and D) and report a haplogroup (a branch such as A1e) and, within it,
// a haplotype (a sequence type such as A17). Y haplotypes are reported in the H1a.48 style, each
// within a paternal haplogroup such as A1a. The names follow that usage; the branch structure and
// the defining positions are our own small tree, sized for our panel, not a copy of any lab's.
//
// A defining mutation is written ancestral base, position, derived base: 'T15627C' means the branch
// carries C where its ancestors carry T at position 15627 of the lineage's chromosome. A haploid
// marker is typed as a homozygous call: 0 copies of the derived base, or 2.

import { MT_CHROMOSOME, Y_CHROMOSOME } from '../chromosomes.js';

export type Lineage = 'maternal' | 'paternal';
export type LineageRank = 'clade' | 'haplogroup' | 'haplotype';

export interface LineageNode {
  name: string;
  rank: LineageRank;
  /** Defining mutations of this branch, e.g. 'T15627C'. */
  mutations: readonly string[];
  children: readonly LineageNode[];
  /** Haplotypes only: relative share among dogs world-wide (breeds draw their founders around it). */
  weight: number;
}

export interface LineageTree {
  lineage: Lineage;
  chromosome: number;
  /** How exports suffix the lineage's names: A1e_MT, H1a.48_Y. */
  suffix: 'MT' | 'Y';
  /** The root: the ancestral sequence; it has no defining mutations. */
  root: LineageNode;
}

type Row = readonly [name: string, mutations: string, children?: readonly Row[], weight?: number];

/** A row's rank follows from where it sits: leaves are haplotypes, their parents haplogroups, the rest clades. */
function rankOf(row: Row): LineageRank {
  const children = row[2] ?? [];
  if (children.length === 0) return 'haplotype';
  return children.every((child) => (child[2] ?? []).length === 0) ? 'haplogroup' : 'clade';
}

function node(row: Row): LineageNode {
  const [name, mutations, children = [], weight = 0] = row;
  return { name, rank: rankOf(row), mutations: mutations.split(' ').filter(Boolean), children: children.map(node), weight };
}

// Mitochondrial genome positions (the dog's is 16,727 bp). Weights: clade A carries about three
// quarters of dogs, B most of the rest, C and D are rare outside some northern and Nordic breeds.
const MATERNAL: readonly Row[] = [
  ['A', 'T15627C G16003A C5444T', [
    ['A1', 'A9780G C15912T', [
      ['A1a', 'C16025T G8281A', [
        ['A11', 'T16128C A1654G', [], 6],
        ['A17', 'A15639G C4230T', [], 8],
        ['A18', 'C16083T G11017A', [], 4],
      ]],
      ['A1b', 'G2683A T16255C', [
        ['A10', 'T14471C A6065G', [], 5],
        ['A22', 'C5921T G13710A', [], 4],
        ['A31', 'A15814G T7226C', [], 3],
      ]],
      ['A1d', 'A16430G T1527C', [
        ['A60', 'C10115T G15347A', [], 3],
        ['A73', 'G3196A C12690T', [], 2],
      ]],
      ['A1e', 'C7540T A15955G', [
        // two sequence types our markers cannot tell apart are reported together, as labs do
        ['A226/A547', 'T16671C G9440A', [], 4],
        ['A19', 'G1203A C14988T', [], 3],
      ]],
    ]],
    ['A2', 'G2341A C16373T', [
      ['A46', 'T11583C A4680G', [], 2],
      ['A108', 'C8802T G15071A', [], 1.5],
    ]],
    ['A3', 'A6494G T13068C', [
      ['A96', 'G10400A C3376T', [], 1.5],
      ['A99', 'T5156C A12320G', [], 1],
    ]],
  ]],
  ['B', 'C16132T A2952G T8964C', [
    ['B1', 'G15615A C9954T', [
      ['B16', 'A16437G T3807C', [], 6],
      ['B10', 'C11995T G5663A', [], 3],
      ['B6', 'T14260C A7728G', [], 2],
    ]],
  ]],
  ['C', 'A15526G C1901T G12412A', [
    ['C1', 'T16201C A6287G', [
      ['C3', 'G13330A T2475C', [], 1.5],
      ['C5', 'C10878T A16619G', [], 1],
    ]],
    ['C2', 'C4572T G14653A', [
      ['C10', 'A8137G T11287C', [], 0.8],
    ]],
  ]],
  ['D', 'G16431A T3501C C10641T', [
    ['D1', 'A15076G G7040A', [
      ['D3', 'T12934C C2197T', [], 0.8],
      ['D6', 'G5052A A13998G', [], 0.5],
    ]],
    ['D2', 'C9313T T15185C', [
      ['D11', 'A4021G G11761A', [], 0.5],
    ]],
  ]],
];

// Positions in the male-specific part of the Y. Most dog Y chromosomes fall in the A branches;
// H1a (in A1a) is the commonest paternal haplotype family in modern breeds.
const PATERNAL: readonly Row[] = [
  ['A', 'C1183482T G2704130A A5510936G', [
    ['A1', 'T865204C C3377019T', [
      ['A1a', 'G1492257A T6021488C', [
        ['H1a.9', 'A2210374G C4488102T', [], 5],
        ['H1a.29', 'G3007715A T7390244C', [], 5],
        ['H1a.48', 'C1846630T A6671505G', [], 7],
      ]],
      ['A1b', 'A2519087G C5208311T', [
        ['H3a.1', 'T1027556C G4091720A', [], 4],
        ['H3a.5', 'C3652204T A7705133G', [], 4],
      ]],
    ]],
    ['A2', 'G2967471A T5837926C', [
      ['H5a.2', 'A1330908G C6348217T', [], 3],
      ['H5a.7', 'T4710365C G8012440A', [], 2],
    ]],
    ['A3', 'C2086931T A7052119G', [
      ['H6b.1', 'G1658273A T3940586C', [], 2.5],
      ['H6b.4', 'A3288804G C5675092T', [], 1.5],
    ]],
  ]],
  ['B', 'T1741090C A4367758G C7906312T', [
    ['B1', 'G2402658A T6508871C', [
      ['H22a.1', 'C998347T A3815225G', [], 2],
      ['H22a.3', 'T5372740C G7560893A', [], 1],
    ]],
  ]],
  ['C', 'A1255061G G3124598A T6870432C', [
    ['C1', 'C2791176T A4954807G', [
      ['H25a.3', 'G1601939A C6194560T', [], 1],
    ]],
  ]],
];

function tree(lineage: Lineage, chromosome: number, suffix: 'MT' | 'Y', rows: readonly Row[]): LineageTree {
  const root: LineageNode = { name: suffix === 'MT' ? 'mtDNA' : 'Y', rank: 'clade', mutations: [], children: [], weight: 0 };
  return { lineage, chromosome, suffix, root: { ...root, children: rows.map(node) } };
}

export const MATERNAL_TREE: LineageTree = tree('maternal', MT_CHROMOSOME, 'MT', MATERNAL);
export const PATERNAL_TREE: LineageTree = tree('paternal', Y_CHROMOSOME, 'Y', PATERNAL);
export const LINEAGE_TREES: readonly LineageTree[] = [MATERNAL_TREE, PATERNAL_TREE];

export interface Mutation {
  position: number;
  ancestral: string;
  derived: string;
}

const MUTATION = /^([ACGT])(\d+)([ACGT])$/;

export function parseMutation(text: string): Mutation {
  const match = MUTATION.exec(text);
  if (!match || match[1] === match[3]) throw new Error(`Bad lineage mutation ${text}`);
  return { ancestral: match[1], position: Number(match[2]), derived: match[3] };
}

/** Every node of a tree, parents before children, each with the path of names from the root down. */
export function lineageNodes(tree: LineageTree): { node: LineageNode; path: LineageNode[] }[] {
  const out: { node: LineageNode; path: LineageNode[] }[] = [];
  const walk = (n: LineageNode, path: LineageNode[]) => {
    out.push({ node: n, path });
    for (const child of n.children) walk(child, [...path, child]);
  };
  walk(tree.root, []);
  return out;
}

/** The haplotypes (leaves) of a tree, with their weights. */
export function lineageHaplotypes(tree: LineageTree): LineageNode[] {
  return lineageNodes(tree).map((entry) => entry.node).filter((n) => n.rank === 'haplotype');
}

/** The branches from the root down to a named node (the root excluded); null for an unknown name. */
export function lineagePath(tree: LineageTree, name: string): LineageNode[] | null {
  return lineageNodes(tree).find((entry) => entry.node.name === name)?.path ?? null;
}

/** The haplogroup a node belongs to: itself, or for a haplotype the branch it sits on. */
export function haplogroupOf(tree: LineageTree, name: string): string | null {
  const path = lineagePath(tree, name);
  if (!path || path.length === 0) return null;
  const last = path[path.length - 1];
  return last.rank === 'haplotype' ? path[path.length - 2]?.name ?? null : last.name;
}
