/** A genotype file that cannot be read; line is 1-based (0 when the problem is the file as a whole). */
export class GenotypeFileError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(line > 0 ? `line ${line}: ${message}` : message);
    this.name = 'GenotypeFileError';
  }
}

const COMPLEMENT: Readonly<Record<string, string>> = { A: 'T', T: 'A', C: 'G', G: 'C' };

/**
 * Alt-allele copies of a genotype given as two alleles, or null when they are not the marker's
 * ref/alt. Arrays may report the opposite strand, so complemented alleles are accepted when the
 * marker is not an A/T or C/G SNP (where the strand cannot be told).
 */
export function altCopies(ref: string, alt: string, first: string, second: string): number | null {
  const direct = copiesOn(ref, alt, first, second);
  if (direct !== null) return direct;
  if (COMPLEMENT[ref] === alt) return null;
  const a = COMPLEMENT[first];
  const b = COMPLEMENT[second];
  return a && b ? copiesOn(ref, alt, a, b) : null;
}

function copiesOn(ref: string, alt: string, first: string, second: string): number | null {
  let copies = 0;
  for (const allele of [first, second]) {
    if (allele === alt) copies++;
    else if (allele !== ref) return null;
  }
  return copies;
}

/** Lines of a text without copying it into an array of strings first (files can hold 230k lines). */
export function* lines(text: string): Generator<[line: string, number: number]> {
  let start = 0;
  let number = 1;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    yield [line, number++];
    start = end + 1;
  }
}
