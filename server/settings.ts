import path from 'node:path';
import { MISSING_ENV } from './shared/messages.js';
import { labOptionsFromEnv, type LabOptions } from './lab/options.js';

export interface Settings {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret: string;
  nodeEnv: 'production' | 'development' | 'test';
  isProduction: boolean;
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

const REQUIRED_IN_PRODUCTION = ['SESSION_SECRET', 'DATABASE_URL'] as const;

type Env = Record<string, string | undefined>;

export function loadSettings(env: Env = process.env): Settings {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const isProduction = nodeEnv === 'production';
  if (isProduction) {
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!env[name]) throw new MissingSettingError(name);
    }
  }
  const demoPopulationSize = Number(env.DEMO_POPULATION_SIZE ?? 2000);
  if (!Number.isSafeInteger(demoPopulationSize) || demoPopulationSize < 0) throw new Error(`DEMO_POPULATION_SIZE must be a whole number, got "${env.DEMO_POPULATION_SIZE}"`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret: env.SESSION_SECRET || 'development-only-session-secret',
    nodeEnv,
    isProduction,
    loadDemoData: env.DEMO_DATA ? env.DEMO_DATA !== 'false' : !isProduction,
    lab: labOptionsFromEnv(env),
    demoPopulationSize,
    mapsApiKey: env.GOOGLE_MAPS_API_KEY || null,
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
