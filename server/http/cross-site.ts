import type { Request } from 'express';

/**
 * Whether a request was sent from another site's page: a link there, a form, a script. The session
 * cookie (SameSite=Lax) still travels on a top-level link from another site, so a GET that changes
 * something (marking a chat read, ending an impersonation) must not act on one. Browsers say where a
 * request comes from in Sec-Fetch-Site; for those that do not, the Referer's host is compared. A
 * request with neither (typed, bookmarked, a script of ours without them) counts as the site's own.
 */
export function isCrossSite(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site === 'cross-site' || site === 'same-site';
  const referer = req.get('referer');
  if (!referer) return false;
  try {
    return new URL(referer).host !== req.get('host');
  } catch {
    return true;
  }
}
