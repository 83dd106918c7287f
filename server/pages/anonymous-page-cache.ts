import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { PageDataCache } from '../results/page-data-cache.js';

// Rendered with these in place of the request's CSP nonce and CSRF token, then swapped for them.
// Random per process, so no text a visitor or a dog owner writes can contain them; letters and
// digits only, so escaping leaves them (and the base64 nonce and token put in their place) as they are.
const NONCE_MARK = `n${randomBytes(16).toString('hex')}`;
const TOKEN_MARK = `t${randomBytes(16).toString('hex')}`;

/**
 * The HTML of pages as a signed-out visitor sees them, kept between views (issue 18: rendering
 * /help cost more than all the rest of its request). Only signed-out requests use it: what they
 * see depends on the page and its data alone (the shell has no user), never on who asks; the
 * per-request parts (CSP nonce, CSRF token) are filled in on every view. An entry lives while
 * `generation` stands and at most a minute (PageDataCache); without view caching (development,
 * where templates change under the server) every view renders.
 */
export class AnonymousPageCache {
  private readonly cache = new PageDataCache();

  async render(req: Request, res: Response, key: string, generation: string, view: string, locals: Record<string, unknown>): Promise<void> {
    if (req.currentUser || !req.app.enabled('view cache')) return res.render(view, locals);
    const html = await this.cache.get(key, generation, () => renderToString(res, view, { ...locals, cspNonce: NONCE_MARK, csrfToken: TOKEN_MARK }));
    const nonce = String(res.locals.cspNonce ?? '');
    const token = String(res.locals.csrfToken ?? '');
    res.type('html').send(html.replaceAll(NONCE_MARK, nonce).replaceAll(TOKEN_MARK, token));
  }
}

function renderToString(res: Response, view: string, locals: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) => res.render(view, locals, (error: Error | null, html: string) => (error ? reject(error) : resolve(html))));
}
