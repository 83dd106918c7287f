// Identification of the user to analytics (spec 2 §3, §7, §8): at start-up a signed-in page (its <body>
// carries data-analytics-identity) identifies its user, and while impersonating the impersonator too.
// Fire and forget: a failure is logged, never shown.
import type { AnalyticsIdentity } from '../../server/shared/usage-identity';
import { CSRF_HEADER, csrfToken } from '../shared/csrf';

export const IDENTIFY_URL = '/api/usage/identify';
export const IDENTIFY_FAILED = 'Analytics identification failed';

/** The identity the server wrote on <body>, or null on a page of nobody (or one that cannot be read). */
export function analyticsIdentityOf(doc: Document): AnalyticsIdentity | null {
  const json = doc.body?.dataset.analyticsIdentity;
  if (!json) return null;
  try {
    const identity: unknown = JSON.parse(json);
    return identity && typeof identity === 'object' && typeof (identity as AnalyticsIdentity).email === 'string' ? (identity as AnalyticsIdentity) : null;
  } catch {
    return null;
  }
}

export async function sendIdentify(identity: AnalyticsIdentity, token: string, send: typeof fetch = fetch): Promise<void> {
  const response = await send(IDENTIFY_URL, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: token },
    body: JSON.stringify(identity),
  });
  if (!response.ok) throw new Error(`identify answered HTTP ${response.status}`);
}

export function identifyUser(doc: Document = document, send: typeof fetch = fetch): Promise<void> {
  const identity = analyticsIdentityOf(doc);
  if (!identity) return Promise.resolve();
  return sendIdentify(identity, csrfToken(doc), send).catch((error: unknown) => console.error(IDENTIFY_FAILED, error));
}
