import { CSRF_HEADER, csrfToken } from './csrf';

/** A response that was not 2xx; `body` is its parsed JSON, or its text when not JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' && body ? body : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

export interface RequestDeps {
  fetch?: typeof fetch;
  /** The CSRF token; read with csrfToken() when not given. */
  token?: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Reads a response body as JSON, or as text when it is not JSON. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** The init of a same-origin call with credentials, and the CSRF header unless it is a GET. */
export function withCsrf(init: RequestInit = {}, token?: string): RequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const method = (init.method ?? 'GET').toUpperCase();
  if (!SAFE_METHODS.has(method)) headers.set(CSRF_HEADER, token ?? csrfToken());
  return { credentials: 'same-origin', ...init, method, headers };
}

/** Fetches JSON from our server; throws HttpError on a status that is not 2xx. */
export async function fetchJson<T = unknown>(url: string, init?: RequestInit, deps: RequestDeps = {}): Promise<T> {
  const response = await (deps.fetch ?? fetch)(url, withCsrf(init, deps.token));
  const body = await readBody(response);
  if (!response.ok) throw new HttpError(response.status, body);
  return body as T;
}

/**
 * The page a refusal sends the user to (spec 2 §5: the read-only and shared-pet pages), when the
 * server named one of this site's paths; the widget goes there instead of showing a generic alert.
 */
export function refusalPage(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status !== 403) return null;
  const redirect = (error.body as { redirect?: unknown } | null)?.redirect;
  return typeof redirect === 'string' && /^\/(?![/\\])/.test(redirect) ? redirect : null;
}
