import type { Request } from 'express';

/** Fetch, GraphQL and XHR callers get JSON errors; browsers navigating get pages. */
export function wantsJson(req: Request): boolean {
  const path = req.originalUrl.split('?')[0];
  if (path === '/graphql' || path.startsWith('/api/') || path.startsWith('/admin/api/')) return true;
  if (req.xhr || req.is('application/json')) return true;
  const accept = req.get('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}
