import path from 'node:path';
import type { LevelWithSilent } from 'pino';
import { MISSING_ENV } from './shared/messages.js';
import { logLevelFrom } from './logging/logger.js';
import { labOptionsFromEnv, type LabOptions } from './lab/options.js';
import { mediaSettingsFromEnv, type MediaSettings } from './media/settings.js';

export interface Settings {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret: string;
  /** How the code runs (`NODE_ENV`): `production` is a deployed build (view caching, required settings). */
  nodeEnv: 'production' | 'development' | 'test';
  /** pino level (`LOG_LEVEL`): info by default, silent under NODE_ENV=test. */
  logLevel: LevelWithSilent;
  /** spec 1 §9: the site is production exactly when BASE_URL's host is `productionHostname`; every other host is development. */
  isProduction: boolean;
  /** The one hostname recognised as production (`PRODUCTION_HOSTNAME`). */
  productionHostname: string;
  /** Loads the demo accounts and dogs into an empty database at start-up. */
  loadDemoData: boolean;
  /** Product site, shop and help links used by the site shell. */
  links: SiteLinks;
  /** The genetics lab: seed of the reference world and marker panel size. */
  lab: LabOptions;
  /** Simulated dogs loaded with the demo data. */
  demoPopulationSize: number;
  /** Google Maps key for place search; without one the site searches its bundled world-cities list. */
  mapsApiKey: string | null;
  /** The site's public address, without a trailing slash: absolute links in e-mails, canonical URLs. */
  baseUrl: string;
  /** Cookies are `Secure` exactly when the public address is https. */
  secureCookies: boolean;
  /** Hops of reverse proxies to trust for the client's address and protocol (`TRUST_PROXY`). */
  trustProxy: number | false;
  /** Compress answers (brotli or gzip, as the browser accepts); `COMPRESSION=false` when a proxy in front does it. */
  compression: boolean;
  /** E-mail delivery from the outbox. */
  mail: MailSettings;
  /** App processes (node:cluster workers) serving the port; more than 1 needs PostgreSQL (`WEB_CONCURRENCY`). */
  webConcurrency: number;
  /** Where uploaded photos, videos and documents live: DATA_DIR/media or an S3 bucket (`MEDIA_S3_*`). */
  media: MediaSettings;
  /** Run background jobs in the app process (`JOB_WORKER=false` when `npm run worker` processes run beside it on PostgreSQL). */
  jobWorkerInApp: boolean;
}

export interface MailSettings {
  /** `smtp://user:pass@host:587` (or smtps://); without one each message is written as an .eml file to `dir`. */
  smtpUrl: string | null;
  /** The From header of every e-mail (`MAIL_FROM`). */
  from: string;
  /** Where .eml files go without SMTP: DATA_DIR/mail. */
  dir: string;
}

export interface SiteLinks {
  productSite: string;
  shop: string;
  breederKit: string;
  helpCenter: string;
  resources: string;
  newExperience: string;
}

export class MissingSettingError extends Error {
  constructor(readonly variable: string) {
    super(`${MISSING_ENV}: ${variable}`);
  }
}

const REQUIRED_IN_PRODUCTION = ['SESSION_SECRET', 'DATABASE_URL', 'BASE_URL'] as const;

/** spec 1 §9: the members area lives on the product site's host. */
export const DEFAULT_PRODUCTION_HOSTNAME = 'embarkvet.com';

type Env = Record<string, string | undefined>;

/** spec 1 §9: one hostname is production, all others (localhost, staging, a benchmark box) are development. */
export function isProductionHost(baseUrl: string, productionHostname: string): boolean {
  return new URL(baseUrl).hostname === productionHostname;
}

export function loadSettings(env: Env = process.env): Settings {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const productionHostname = (env.PRODUCTION_HOSTNAME || DEFAULT_PRODUCTION_HOSTNAME).toLowerCase();
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const baseUrl = parseBaseUrl(env.BASE_URL || `http://localhost:${port}`);
  const isProduction = isProductionHost(baseUrl, productionHostname);
  // A deployed build, or any process answering for the production host, runs with real settings only.
  const deployed = nodeEnv === 'production' || isProduction;
  if (deployed) {
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!env[name]) throw new MissingSettingError(name);
    }
  }
  const demoPopulationSize = Number(env.DEMO_POPULATION_SIZE ?? 2000);
  if (!Number.isSafeInteger(demoPopulationSize) || demoPopulationSize < 0) throw new Error(`DEMO_POPULATION_SIZE must be a whole number, got "${env.DEMO_POPULATION_SIZE}"`);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const webConcurrency = Number(env.WEB_CONCURRENCY || 1);
  if (!Number.isInteger(webConcurrency) || webConcurrency < 1) throw new Error(`WEB_CONCURRENCY must be a number of processes, got "${env.WEB_CONCURRENCY}"`);
  // one per core, at most four
  return {
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret: env.SESSION_SECRET || 'development-only-session-secret',
    nodeEnv,
    logLevel: logLevelFrom(env.LOG_LEVEL, nodeEnv),
    isProduction,
    productionHostname,
    loadDemoData: env.DEMO_DATA ? env.DEMO_DATA !== 'false' : !deployed,
    lab: labOptionsFromEnv(env),
    demoPopulationSize,
    mapsApiKey: env.GOOGLE_MAPS_API_KEY || null,
    baseUrl,
    secureCookies: baseUrl.startsWith('https:'),
    trustProxy,
    compression: env.COMPRESSION !== 'false',
    mail: {
      smtpUrl: parseSmtpUrl(env.SMTP_URL),
      from: env.MAIL_FROM || 'Embark <no-reply@embarkvet.com>',
      dir: path.join(dataDir, 'mail'),
    },
    webConcurrency,
    media: mediaSettingsFromEnv(env, dataDir),
    jobWorkerInApp: env.JOB_WORKER !== 'false',
    links: {
      productSite: env.PRODUCT_SITE_URL || 'https://embarkvet.com',
      shop: env.SHOP_URL || 'https://shop.embarkvet.com',
      breederKit: env.BREEDER_KIT_URL || 'https://shop.embarkvet.com/products/breed-health-kit',
      helpCenter: '/help',
      resources: env.RESOURCES_URL || 'https://embarkvet.com/resources/',
      newExperience: env.NEW_EXPERIENCE_URL || 'https://my.embarkvet.com',
    },
  };
}

function parseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`BASE_URL must be an http or https address, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`BASE_URL must be an http or https address, got "${value}"`);
  return url.href.replace(/\/+$/, '');
}

function parseSmtpUrl(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// address');
  }
  // The address may hold a password: it stays out of the error message.
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must be an smtp:// or smtps:// address');
  return value;
}

function parseTrustProxy(value: string | undefined): number | false {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0) throw new Error(`TRUST_PROXY must be a number of proxies, got "${value}"`);
  return hops;
}
