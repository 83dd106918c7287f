import type { Request } from 'express';

// What the body parsers and streams raise when the other end hangs up: body-parser's
// 'request.aborted', multer's 'Request aborted' / 'Request closed', and the socket's own codes.
const ABORT_CODES = new Set(['ECONNABORTED', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);
const ABORT_MESSAGES = new Set(['Request aborted', 'Request closed']);

/**
 * True when `error` is the visitor leaving (navigating away, closing the tab) while the request was
 * still being read or answered: not the server's fault, so it is no level-50 error. Only when the
 * connection is in fact gone, so a real failure that merely looks alike is still reported.
 */
export function isClientAbort(error: unknown, req: Request): boolean {
  if (!req.destroyed && !req.socket?.destroyed) return false;
  if (typeof error !== 'object' || error === null) return false;
  const { type, code, message } = error as { type?: unknown; code?: unknown; message?: unknown };
  return type === 'request.aborted' || ABORT_CODES.has(String(code)) || ABORT_MESSAGES.has(String(message));
}
