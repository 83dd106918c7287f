// The few members of @20minutes/s3rver (no types of its own) that test/support/s3-server.ts uses.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory?: string; configureBuckets?: { name: string }[] });
    run(): Promise<AddressInfo>;
    /** Koa's middleware list (S3rver is a Koa application). */
    middleware: ((ctx: { path: string; app: object }, next: () => Promise<unknown>) => unknown)[];
    close(): Promise<void>;
  }
}
