// An S3-compatible server in the test process (@20minutes/s3rver, a maintained fork of s3rver), so the
// S3 media store runs against the real protocol: signed requests, PutObject, GetObject with ranges,
// ListObjectsV2, DeleteObjects. Its files live in a temporary folder removed by close().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** s3rver's fixed credentials. */
export const S3_TEST_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Every key in the bucket, sorted, read through the S3 API. */
  keys(): Promise<string[]>;
  /** When the newest object was written, as the bucket says (the time a sweep compares with). */
  lastWritten(): Promise<Date>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'dogdna-media'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'dogdna-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // s3rver signs a bucket-level request (ListObjectsV2, DeleteObjects: `GET /bucket/?list-type=2`) over
  // the path `/bucket`, while the SDK (rightly, as AWS does) signs the path it sends, `/bucket/`: every
  // such request fails with SignatureDoesNotMatch. Only for those is the signature left unchecked (the
  // access key still is); object requests (PutObject, GetObject, HeadObject) keep their full check.
  server.middleware.unshift((ctx, next) => {
    if (/^\/[^/]+\/?$/.test(ctx.path)) ctx.app = Object.create(ctx.app, { allowMismatchedSignatures: { value: true } });
    return next();
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: S3_TEST_ACCESS_KEY, secretAccessKey: S3_TEST_ACCESS_KEY } });
  return {
    endpoint,
    bucket,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : [])));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async lastWritten() {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      const times = (page.Contents ?? []).flatMap((item) => (item.LastModified ? [item.LastModified.getTime()] : []));
      if (times.length === 0) throw new Error('the bucket holds no object');
      return new Date(Math.max(...times));
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
