import type { RequestHandler } from 'express';
import { z } from 'zod';
import { HttpError } from './http-error.js';
import { INVALID_ARGUMENTS } from '../shared/messages.js';

/**
 * Control characters no user types: PostgreSQL refuses NUL in text outright, and the rest only
 * hide or garble what other users read. Tab, line feed and carriage return stay, for multi-line
 * text; single-line fields refuse line breaks in their own rules.
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Half of a UTF-16 surrogate pair without its other half, which JSON can carry (`"\ud800"`) but no
 * text is made of: PostgreSQL refuses it in json and jsonb (the outbox, feedback, the audit log) and
 * a text column would keep U+FFFD in its place, not what was sent. Refused like a control character.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const notText = (text: string) => CONTROL_CHARACTER.test(text) || LONE_SURROGATE.test(text);

const MAX_NESTING = 32;

/** True when a string anywhere in `value` (object keys and array items included) holds a control character or a lone surrogate. */
export function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return notText(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_NESTING) return true; // nothing we accept nests this deep
  if (Array.isArray(value)) return value.some((item) => hasControlCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => notText(key) || hasControlCharacter(item, depth + 1));
}

/** A zod string that refuses control characters, for schemas that validate text on their own. */
export const plainText = z.string().refine((text) => !notText(text), INVALID_ARGUMENTS);

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '\u0000'; // a malformed escape is no id, handle or page name either
  }
}

/**
 * Every form field, JSON field, query parameter and path segment passes here before any route
 * reads it, so no handler meets a control character. GraphQL documents and variables are checked
 * in graphql/route.ts, where the answer can be a GraphQL error.
 */
export const refuseControlCharacters: RequestHandler = (req, _res, next) => {
  const body = req.path === '/graphql' ? undefined : req.body;
  if (hasControlCharacter(decodedPath(req.path)) || hasControlCharacter(req.query) || hasControlCharacter(body)) {
    return next(new HttpError(400, INVALID_ARGUMENTS));
  }
  next();
};
