// One interface for media files, so the rest of the site never knows where they live (DESIGN.md:
// local files by default, S3-compatible object storage when configured, so processes share media).
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { MediaSettings } from './settings.js';

export interface StoredFile {
  body: Readable;
  /** Bytes in `body`: the whole file, or the asked range. */
  size: number;
  contentType: string;
  /** Changes whenever the bytes do (rotation rewrites files under the same key). */
  etag: string;
  /** `bytes first-last/total` when `body` is the asked range. */
  contentRange?: string;
}

/** The asked byte range lies outside the file (HTTP 416). */
export class UnsatisfiableRange extends Error {}

export interface MediaStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Moves (local) or uploads (S3) a file from disk, for videos too large to hold in memory. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The file, or with `range` (one `bytes=…` range, as browsers send to seek in a video) that part of it. */
  get(key: string, range?: string): Promise<StoredFile | null>;
  getBuffer(key: string): Promise<Buffer | null>;
  /** Whether a file is stored under `key`, without reading it. */
  has(key: string): Promise<boolean>;
  /** Deletes every file under `prefix/` (one media item's variants). */
  deleteFolder(prefix: string): Promise<void>;
  /**
   * What was left before `cutoff`: the media items (publicIds) whose newest file is older, and the
   * temporary files of writes a crash interrupted (local files only), for orphan-sweep.ts.
   */
  staleBefore(cutoff: Date): Promise<StaleMedia>;
  /** Deletes a temporary file staleBefore named. */
  deleteTemporary(name: string): Promise<void>;
}

export interface StaleMedia {
  publicIds: string[];
  temporaries: string[];
}

/** The media item a stored key belongs to: `ui/abc/thumb.jpg` → `ui/abc`, `ud-abc/original.pdf` → `ud-abc`. */
export function publicIdOfKey(key: string): string | null {
  const parts = key.split('/');
  const publicId = parts[0] === 'ui' || parts[0] === 'uv' ? parts.slice(0, 2).join('/') : parts[0];
  return parts.length > publicId.split('/').length ? publicId : null;
}

const TEMPORARY = /\.[0-9a-f-]{36}\.tmp$/;

/** Keys are made by the server (`ui/abc123/thumb.webp`); anything else is refused before touching a disk. */
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*(\/[a-z0-9-]+\.[a-z0-9]+)?$/;

function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.length > 200) throw new Error(`unsafe media key: ${key}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

export const contentTypeOfKey = (key: string) => CONTENT_TYPES[path.extname(key).slice(1)] ?? 'application/octet-stream';

export class LocalMediaStore implements MediaStore {
  constructor(readonly dir: string) {}

  private file(key: string) {
    return path.join(this.dir, checkedKey(key));
  }

  /** Where a file lives on disk, so the media route can serve it with ranges (videos) and conditional GETs. */
  pathOf(key: string): string {
    return this.file(key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file (rotation rewrites in place).
    // a name of its own: two writes of one key at once (a double click on rotate) must not share it
    const temporary = `${file}.${randomUUID()}.tmp`;
    await fs.promises.writeFile(temporary, body);
    await fs.promises.rename(temporary, file);
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.copyFile(filePath, file);
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.file(key);
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return null;
      return { body: fs.createReadStream(file), size: stat.size, contentType: contentTypeOfKey(key), etag: `"${stat.size.toString(36)}-${stat.mtimeMs.toString(36)}"` };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.file(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async deleteFolder(prefix: string): Promise<void> {
    await fs.promises.rm(this.file(prefix), { recursive: true, force: true });
  }

  async staleBefore(cutoff: Date): Promise<StaleMedia> {
    const newest = new Map<string, number>();
    const temporaries: string[] = [];
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(this.dir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { publicIds: [], temporaries: [] };
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.dir, full).split(path.sep).join('/');
      const { mtimeMs } = await fs.promises.stat(full).catch(() => ({ mtimeMs: Number.NaN }));
      if (Number.isNaN(mtimeMs)) continue;
      if (TEMPORARY.test(key)) {
        if (mtimeMs < cutoff.getTime()) temporaries.push(key);
        continue;
      }
      const publicId = publicIdOfKey(key);
      if (publicId) newest.set(publicId, Math.max(newest.get(publicId) ?? 0, mtimeMs));
    }
    return { publicIds: [...newest].filter(([, time]) => time < cutoff.getTime()).map(([publicId]) => publicId), temporaries };
  }

  async deleteTemporary(name: string): Promise<void> {
    if (!TEMPORARY.test(name)) throw new Error(`not a temporary file: ${name}`);
    const file = path.join(this.dir, name);
    if (!file.startsWith(this.dir + path.sep)) throw new Error(`outside the media folder: ${name}`);
    await fs.promises.rm(file, { force: true });
  }
}

export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;

  constructor(private readonly settings: Extract<MediaSettings, { kind: 's3' }>) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Since early 2025 the SDK adds a CRC32 to every upload, and sends a streamed one (a video) as
      // aws-chunked with a trailing checksum, which S3-compatible servers other than AWS often refuse.
      // There, checksums go only where the API requires them (DeleteObjects).
      ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const } : {}),
    });
  }

  private key(key: string) {
    return `${this.settings.prefix}${checkedKey(key)}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key), Body: body, ContentType: contentType }));
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    const { size } = await fs.promises.stat(filePath);
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key), Body: fs.createReadStream(filePath), ContentLength: size, ContentType: contentType }));
  }

  async get(key: string, range?: string): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key), Range: range }));
      if (!answer.Body) return null;
      return {
        body: answer.Body as Readable,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? contentTypeOfKey(key),
        etag: answer.ETag ?? '',
        ...(range && answer.ContentRange ? { contentRange: answer.ContentRange } : {}),
      };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (error instanceof NoSuchKey || name === 'NoSuchKey') return null;
      if (name === 'InvalidRange' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) throw new UnsatisfiableRange();
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
      return true;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NotFound' || name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    const file = await this.get(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  async deleteFolder(prefix: string): Promise<void> {
    const folder = `${this.key(prefix)}/`;
    let token: string | undefined;
    do {
      const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: folder, ContinuationToken: token }));
      const objects = (listed.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
      if (objects.length) await this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: objects, Quiet: true } }));
      token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (token);
  }

  async staleBefore(cutoff: Date): Promise<StaleMedia> {
    const newest = new Map<string, number>();
    let token: string | undefined;
    do {
      const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix, ContinuationToken: token }));
      for (const item of listed.Contents ?? []) {
        const publicId = item.Key ? publicIdOfKey(item.Key.slice(this.settings.prefix.length)) : null;
        if (publicId) newest.set(publicId, Math.max(newest.get(publicId) ?? 0, item.LastModified?.getTime() ?? Date.now()));
      }
      token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (token);
    // an object appears whole or not at all: a bucket has no temporary files
    return { publicIds: [...newest].filter(([, time]) => time < cutoff.getTime()).map(([publicId]) => publicId), temporaries: [] };
  }

  async deleteTemporary(): Promise<void> {}
}

const stores = new Map<string, MediaStore>();

/** One store per configuration and process (the S3 client keeps its connections). */
export function mediaStoreFor(settings: MediaSettings): MediaStore {
  const id = JSON.stringify(settings);
  let store = stores.get(id);
  if (!store) {
    store = settings.kind === 's3' ? new S3MediaStore(settings) : new LocalMediaStore(settings.dir);
    stores.set(id, store);
  }
  return store;
}
