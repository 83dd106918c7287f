// Videos keep their bytes (no re-encoding), but not where they were filmed: phones write the place
// (an iPhone's com.apple.quicktime.location.ISO6709, Android's ©xyz), the camera and the date into
// the metadata boxes of an MP4/MOV. Those boxes become `free` boxes of zeros in place: nothing moves,
// so every offset into the media data stays valid, and players skip them as they skip any padding.
import fs from 'node:fs';

/** Boxes holding user metadata (ISO 14496-12 udta and meta; QuickTime keeps its keys and ilst in them). */
const METADATA_BOXES = new Set(['udta', 'meta']);
/** Boxes whose children are boxes and may hold metadata: the movie and its tracks. */
const CONTAINERS = new Set(['moov', 'trak']);
const FREE = Buffer.from('free', 'latin1');
/** A real file has a handful of boxes a level; a crafted one of 8-byte boxes would take minutes of reads. */
const MAX_BOXES_A_LEVEL = 4096;

/**
 * Turns the metadata boxes of the MP4 or MOV file at `path` into `free` boxes of zeros (in place,
 * same size) and answers how many it turned. A file whose boxes do not add up is left as it is past that point.
 */
export async function dropVideoMetadata(path: string): Promise<number> {
  const file = await fs.promises.open(path, 'r+');
  try {
    const { size } = await file.stat();
    return await renameIn(file, 0, size, true);
  } finally {
    await file.close();
  }
}

async function renameIn(file: fs.promises.FileHandle, start: number, end: number, topLevel: boolean): Promise<number> {
  const header = Buffer.alloc(16);
  let renamed = 0;
  for (let at = start, boxes = 0; at + 8 <= end && boxes < MAX_BOXES_A_LEVEL; boxes++) {
    const { bytesRead } = await file.read(header, 0, 16, at);
    if (bytesRead < 8) break;
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (bytesRead < 16) break;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - at; // the last box, to the end of its parent
    }
    if (size < headerSize || at + size > end) break;
    const type = header.toString('latin1', 4, 8);
    if (METADATA_BOXES.has(type)) {
      await file.write(FREE, 0, 4, at + 4);
      await zeroFill(file, at + headerSize, at + size);
      renamed++;
    } else if (CONTAINERS.has(type) && (type === 'moov' ? topLevel : !topLevel)) {
      renamed += await renameIn(file, at + headerSize, at + size, false);
    }
    at += size;
  }
  return renamed;
}

async function zeroFill(file: fs.promises.FileHandle, start: number, end: number): Promise<void> {
  const zeros = Buffer.alloc(Math.min(end - start, 64 * 1024));
  for (let at = start; at < end; at += zeros.length) await file.write(zeros, 0, Math.min(zeros.length, end - at), at);
}
