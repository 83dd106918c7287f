import { randomFillSync } from 'node:crypto';

// One call to the system's random source per 256 tokens instead of one per token: every page
// request takes two (the CSP nonce and, for a new visitor, the CSRF token's nonce), and each
// randomBytes() call costs a system call. The bytes are the same kind (crypto-strong) and no
// byte is handed out twice. node:crypto's randomUUID keeps an entropy cache the same way.
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

/** `size` (at most 256) fresh random bytes, as a new buffer. */
export function randomToken(size: number): Buffer {
  if (size > 256) throw new RangeError('randomToken is for short tokens');
  if (offset + size > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  pool.fill(0, offset, offset + size); // nothing handed out stays in memory
  offset += size;
  return bytes;
}
