/** One genotype export as the lab imports it: a TSV's text, or a PLINK pair with the swab it belongs to. */
export type IngestFile = { fileName: string } & ({ text: string } | { plink: { tped: string; tfam: string }; swabCode: string });
