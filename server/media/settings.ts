import path from 'node:path';

/** Where media files live: local files under DATA_DIR/media, or an S3-compatible bucket (`MEDIA_S3_*`). */
export type MediaSettings =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix inside the bucket (`MEDIA_S3_PREFIX`), e.g. `media/`. */
      prefix: string;
      region: string;
      /** MinIO or another S3-compatible server; unset means AWS. */
      endpoint?: string;
      forcePathStyle: boolean;
      accessKeyId?: string;
      secretAccessKey?: string;
    };

type Env = Record<string, string | undefined>;

/** S3 storage when `MEDIA_S3_BUCKET` is set; otherwise local files in `DATA_DIR/media`. */
export function mediaSettingsFromEnv(env: Env, dataDir: string): MediaSettings {
  const bucket = env.MEDIA_S3_BUCKET?.trim();
  if (!bucket) return { kind: 'local', dir: path.join(dataDir, 'media') };
  const prefix = (env.MEDIA_S3_PREFIX ?? '').replace(/^\/+/, '');
  return {
    kind: 's3',
    bucket,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    region: env.MEDIA_S3_REGION || 'us-east-1',
    endpoint: env.MEDIA_S3_ENDPOINT || undefined,
    // MinIO serves buckets by path (http://minio:9000/bucket/key), AWS by host name.
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE ? env.MEDIA_S3_FORCE_PATH_STYLE !== 'false' : Boolean(env.MEDIA_S3_ENDPOINT),
    accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY || undefined,
  };
}
