import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Settings } from '../settings.js';

// Google Maps' loader adds its scripts, tiles and fonts from these hosts when GOOGLE_MAPS_API_KEY is set.
const GOOGLE_MAPS_SCRIPTS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
const GOOGLE_MAPS_DATA = ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'];

const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;

/**
 * helmet with a strict Content-Security-Policy: scripts only from this site (and Google Maps), an
 * inline script only with the page's nonce (views put `nonce="<%= cspNonce %>"` on every <script>),
 * no plugins, no framing by other sites, forms post only here. Styles may be inline: widgets and
 * intl-tel-input set style attributes, which cannot run code. HSTS only on an https site, since
 * on http it would lock browsers out of a development server.
 */
export function securityHeaders(settings: Pick<Settings, 'secureCookies'>): RequestHandler[] {
  const https = settings.secureCookies;
  const setNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce, ...GOOGLE_MAPS_SCRIPTS],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        imgSrc: ["'self'", 'data:', 'blob:', ...GOOGLE_MAPS_DATA],
        fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
        connectSrc: ["'self'", ...GOOGLE_MAPS_DATA],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  return [setNonce, headers];
}
