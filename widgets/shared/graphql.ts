import { CSRF_MISMATCH, NOT_AUTHORIZED, PLEASE_LOG_IN } from '../../server/shared/messages';
import { readBody, withCsrf, type RequestDeps } from './fetch-json';

export const GRAPHQL_URL = '/graphql';

/** An error answered by the GraphQL endpoint; `message` is the first error's message. */
export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: readonly { message: string }[] = [],
  ) {
    super(message);
    this.name = 'GraphqlError';
  }
}

export interface GraphqlDeps extends RequestDeps {
  /** Where the helper sends the browser on a sign-in error; window.location.assign by default. */
  redirect?: (url: string) => void;
}

/**
 * POSTs a GraphQL operation with credentials and the CSRF header. Spec 2 §7: 'Not Authorized'
 * and 'Please log in to continue' send the browser to / (the promise then never settles, so
 * callers show nothing while the page leaves); a CSRF mismatch (403) and other errors throw.
 */
export async function graphqlRequest<T = unknown>(
  query: string,
  variables: Record<string, unknown> = {},
  deps: GraphqlDeps = {},
): Promise<T> {
  const init = withCsrf(
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query, variables }),
    },
    deps.token,
  );
  const response = await (deps.fetch ?? fetch)(GRAPHQL_URL, init);
  const body = (await readBody(response)) as { data?: T; errors?: { message: string }[] } | string | null;
  const errors = typeof body === 'object' && Array.isArray(body?.errors) ? body.errors : [];
  const messages = errors.map((error) => error.message);

  if (messages.includes(NOT_AUTHORIZED) || messages.includes(PLEASE_LOG_IN)) {
    (deps.redirect ?? ((url) => window.location.assign(url)))('/');
    return new Promise<T>(() => {});
  }
  if (messages.includes(CSRF_MISMATCH) || (response.status === 403 && messages.length === 0)) {
    throw new GraphqlError(CSRF_MISMATCH, response.status, errors);
  }
  if (messages.length > 0) throw new GraphqlError(messages[0], response.status, errors);
  if (!response.ok || typeof body !== 'object' || body === null) {
    throw new GraphqlError(`HTTP ${response.status}`, response.status);
  }
  return body.data as T;
}
