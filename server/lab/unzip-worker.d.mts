export class Refused extends Error {}
export function unzip(data: Uint8Array, maxBytes: number, limitBytes: number, maxEntries: number): { entries: { name: string; content: Uint8Array }[]; total: number };
