// Password reset links (issue 15 point 4): what a token looks like and how long it lives.
import { createHash, randomBytes } from 'node:crypto';

export const RESET_LINK_LIFETIME_MINUTES = 60;
/** Requests per e-mail address and per client address in an hour, whether or not an account exists. */
export const MAX_RESET_REQUESTS_PER_EMAIL = 3;
export const MAX_RESET_REQUESTS_PER_IP = 20;
export const RESET_REQUEST_WINDOW_MINUTES = 60;

// 32 random bytes in base64url: 43 characters.
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a leaked table gives nobody a working link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedResetToken(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_FORMAT.test(token);
}

export function resetPath(token: string): string {
  return `/reset-password/${token}`;
}
