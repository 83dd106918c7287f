// The gallery's calls. The spec's state-changing GETs carry the CSRF token in the x-csrf-token header.
import { CSRF_HEADER, csrfToken } from '../shared/csrf';
import { fetchJson, HttpError, readBody } from '../shared/fetch-json';

export async function getWithToken<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json', [CSRF_HEADER]: csrfToken() } });
  const body = await readBody(response);
  if (!response.ok) throw new HttpError(response.status, body);
  return body as T;
}

export function saveCaption(fields: { caption: string; petNum: number; publicId: string; mediaType: string }) {
  return fetchJson<{ caption: string | null }>('/members/update-caption', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) });
}
