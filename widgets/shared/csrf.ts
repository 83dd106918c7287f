/** The name of the cookie the server puts the CSRF token in for scripts (spec 2 §7). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
/** The header GraphQL and fetch calls carry the token in. */
export const CSRF_HEADER = 'x-csrf-token';

/** The CSRF token: from the `XSRF-TOKEN` cookie, else from `<meta name="csrf-token">`. */
export function csrfToken(doc: Pick<Document, 'cookie' | 'querySelector'> = document): string {
  for (const pair of doc.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === CSRF_COOKIE && value.length > 0) return decodeURIComponent(value.join('='));
  }
  return doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}
