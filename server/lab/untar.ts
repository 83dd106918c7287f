import { extract } from 'tar-stream';
import { IngestError } from './ingest-error.js';
import { UNZIP_LIMITS } from './unzip.js';

const BLOCK = 512;

/** A tar archive's files hold their content as is: an archive reads by its 512-byte headers, nothing to inflate. */
export function isTar(bytes: Uint8Array): boolean {
  return bytes.length >= BLOCK && new TextDecoder().decode(bytes.subarray(257, 262)) === 'ustar';
}

/**
 * The regular files of a tar archive (ustar, GNU and pax long names), read with tar-stream. Folders,
 * links and other entries are passed over; more entries than a zip may hold, a header that does
 * not add up or a file running past the end refuses the archive, naming it.
 */
export async function untarEntries(name: string, tar: Uint8Array): Promise<{ name: string; content: Uint8Array }[]> {
  const entries: { name: string; content: Uint8Array }[] = [];
  const archive = extract();
  archive.end(Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength));
  let count = 0;
  try {
    for await (const entry of archive) {
      if (++count > UNZIP_LIMITS.maxEntries) throw new IngestError(`${name}: refused, more than ${UNZIP_LIMITS.maxEntries} files in the archive`);
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.type === 'file' || entry.header.type === 'contiguous-file') entries.push({ name: entry.header.name, content: new Uint8Array(Buffer.concat(chunks)) });
    }
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError(`${name}: not a readable tar archive`);
  }
  if (entries.length === 0) throw new IngestError(`${name}: not a readable tar archive (no files in it)`);
  return entries;
}
