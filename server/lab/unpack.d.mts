export class Refused extends Error {}
type Unpacked = { entries: { name: string; content: Uint8Array }[]; total: number };
export function unzip(data: Uint8Array, maxBytes: number, limitBytes: number, maxEntries: number): Unpacked;
export function gunzip(data: Uint8Array, maxBytes: number, limitBytes: number): Unpacked;
