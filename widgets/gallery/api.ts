// The gallery's calls. The spec's state-changing GETs carry the CSRF token in the x-csrf-token header.
import { CSRF_HEADER, csrfToken } from '../shared/csrf';
import { fetchJson, HttpError, readBody, refusalPage } from '../shared/fetch-json';

export async function getWithToken<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json', [CSRF_HEADER]: csrfToken() } });
  const body = await readBody(response);
  if (!response.ok) throw new HttpError(response.status, body);
  return body as T;
}

export function saveCaption(fields: { caption: string; petNum: number; publicId: string; mediaType: string }) {
  return fetchJson<{ caption: string | null }>('/members/update-caption', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) });
}

/** A refused action opens the page the server named (read-only account, shared dog); any other failure shows `failure`. */
export function reportFailure(error: unknown, failure: () => void): void {
  const page = refusalPage(error);
  if (page) window.location.assign(page);
  else failure();
}
