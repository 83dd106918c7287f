import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Settings } from '../settings.js';

// Google Maps' loader adds its scripts, tiles and fonts from these hosts when GOOGLE_MAPS_API_KEY is set.
const GOOGLE_MAPS_SCRIPTS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
const GOOGLE_MAPS_DATA = ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'];

const NONCE = '\u0000nonce';

/**
 * helmet with a strict Content-Security-Policy: scripts only from this site (and Google Maps), an
 * inline script only with the page's nonce (views put `nonce="<%= cspNonce %>"` on every <script>),
 * no plugins, no framing by other sites, forms post only here. Styles may be inline: widgets and
 * intl-tel-input set style attributes, which cannot run code. HSTS only on an https site, since
 * on http it would lock browsers out of a development server.
 */
export function securityHeaders(settings: Pick<Settings, 'secureCookies'>): RequestHandler[] {
  const https = settings.secureCookies;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", NONCE, ...GOOGLE_MAPS_SCRIPTS]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com']],
    ['img-src', ["'self'", 'data:', 'blob:', ...GOOGLE_MAPS_DATA]],
    ['font-src', ["'self'", 'data:', 'https://fonts.gstatic.com']],
    ['connect-src', ["'self'", ...GOOGLE_MAPS_DATA]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
    ...(https ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ];
  // The policy is fixed but for the nonce: built once, the nonce put between its two halves.
  const [before, after] = directives.map(([name, values]) => [name, ...values].join(' ')).join(';').split(NONCE);
  const contentSecurityPolicy: RequestHandler = (_req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', `${before}'nonce-${nonce}'${after}`);
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  return [contentSecurityPolicy, headers];
}
