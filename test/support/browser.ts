import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Express } from 'express';
import { findChromium, missingChromiumMessage } from './chromium.js';
import { csrfTokenIn } from './app.js';
import { DEMO_ACCOUNTS } from './demo.js';
import { DEMO_PASSWORD } from '../../server/demo/accounts.js';
import { demoPopulation, ownedPetNum } from '../integration/results/population.js';

export function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(missingChromiumMessage());
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

let processBrowser: Promise<Browser> | undefined;

/** One Chromium for every browser suite of this test process (each mocha worker); it ends with the process. */
export function sharedChromium(): Promise<Browser> {
  processBrowser ??= launchChromium().then((browser) => {
    browser.on('disconnected', () => (processBrowser = undefined));
    return browser;
  });
  return processBrowser;
}

/** Ends a suite's use of the shared Chromium: its contexts close, the browser stays for the next file. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/** A browser context ready for tsx-compiled page.evaluate callbacks. */
export async function newContext(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  // tsx compiles callbacks with esbuild's keepNames, whose __name() helper only exists in Node.
  await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  return context;
}

export async function serve(app: Express): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Signs the context in by posting the sign-in form's request (GET /login for its CSRF token, then
 * POST /login), without rendering either page: the form itself has its own tests. The context's
 * pages share the session cookie.
 */
export async function signInThroughRequest(context: BrowserContext, origin: string, email: string, password: string): Promise<void> {
  const login = await context.request.get(`${origin}/login`);
  const response = await context.request.post(`${origin}/login`, { form: { email, password, _csrf: csrfTokenIn(await login.text()) }, maxRedirects: 0 });
  if (response.status() !== 302 || response.headers().location !== '/members') throw new Error(`sign-in as ${email} failed with ${response.status()}`);
}

/** Signs in through the real form, as a person would. */
export async function signInThroughForm(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await Promise.all([page.waitForURL(`${origin}/members`), page.click('button[type="submit"]')]);
}

export type DemoRole = keyof typeof DEMO_ACCOUNTS;
export type Viewport = { width: number; height: number };

/** A phone (390 px) and a laptop (1280 px), the two widths issue 20 looks at. */
export const PHONE: Viewport = { width: 390, height: 844 };
export const LAPTOP: Viewport = { width: 1280, height: 800 };

export interface PageOptions {
  viewport?: Viewport;
  javaScriptEnabled?: boolean;
  /** Signs the page's context in as this demo account first (see signInThroughRequest). */
  as?: DemoRole;
}

/** One app served to Chromium for a suite (see browserSuite). */
export interface BrowserSite {
  readonly browser: Browser;
  readonly origin: string;
  /** The absolute address of `path` on the site. */
  url(path: string): string;
  /** A page in a fresh browser context: made in a test, it is closed after that test; made in a `before` hook, after the suite. */
  newPage(options?: PageOptions): Promise<Page>;
  /** A fresh page of a context signed in as a demo account (a session of its own), still blank: go where the test starts. */
  signedInPage(role: DemoRole, options?: Omit<PageOptions, 'as'>): Promise<Page>;
  /** A fresh page (signed in when `as` says so) opened at `path`. */
  openPage(path: string, options?: PageOptions): Promise<Page>;
  /** openPage, then waits for the page's ready marker (spec 2 §4): its widgets and forms are attached. */
  openReadyPage(path: string, options?: PageOptions): Promise<Page>;
  /** Signs `page` in through the real form as a demo account or as `email` with `password`. */
  signIn(page: Page, who: DemoRole | { email: string; password: string }): Promise<void>;
}

/**
 * Registers the mocha hooks of a suite that drives Chromium against one app: before the suite
 * `makeApp` prepares the database and builds the app, which is served on a free port, and Chromium
 * starts; contexts made during a test close after it; after the suite Chromium and the server stop.
 * Call it at the top of a `describe`, before hooks that use the site.
 */
export function browserSuite(makeApp: () => Promise<Express>): BrowserSite {
  let browser: Browser | undefined;
  let served: Awaited<ReturnType<typeof serve>> | undefined;
  let testContexts: BrowserContext[] = [];
  let inTest = false;

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`browserSuite: the ${what} is used before the suite's before hook ran`);
    return value;
  };

  const site: BrowserSite = {
    get browser() {
      return started(browser, 'browser');
    },
    get origin() {
      return started(served, 'site').origin;
    },
    url: (path) => `${site.origin}${path}`,
    async newPage({ viewport = LAPTOP, javaScriptEnabled = true, as } = {}) {
      const context = javaScriptEnabled ? await newContext(site.browser, viewport) : await site.browser.newContext({ viewport, javaScriptEnabled });
      if (inTest) testContexts.push(context);
      if (as) await signInThroughRequest(context, site.origin, DEMO_ACCOUNTS[as].email, DEMO_PASSWORD);
      return context.newPage();
    },
    signedInPage: (role, options = {}) => site.newPage({ ...options, as: role }),
    async openPage(path, options = {}) {
      const page = await site.newPage(options);
      await page.goto(site.url(path));
      return page;
    },
    async openReadyPage(path, options = {}) {
      const page = await site.openPage(path, options);
      await page.waitForSelector('body.page-ready');
      return page;
    },
    signIn: (page, who) =>
      typeof who === 'string'
        ? signInThroughForm(page, site.origin, DEMO_ACCOUNTS[who].email, DEMO_PASSWORD)
        : signInThroughForm(page, site.origin, who.email, who.password),
  };

  before(async function () {
    this.timeout(180_000);
    served = await serve(await makeApp());
    browser = await sharedChromium();
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    const contexts = testContexts;
    testContexts = [];
    await Promise.all(contexts.map((context) => context.close()));
  });
  after(async () => {
    await closeContexts(browser);
    await served?.close();
  });
  return site;
}

/** browserSuite over the demo population of 160 dogs, with the pet number of the parent's Biscuit. */
export function demoBrowserSuite(): BrowserSite & { readonly biscuit: number } {
  let biscuit: number | undefined;
  const site = browserSuite(async () => {
    const app = await demoPopulation();
    biscuit = await ownedPetNum(DEMO_ACCOUNTS.parent.email, 'Biscuit');
    return app;
  });
  return Object.defineProperty(site, 'biscuit', {
    get: () => {
      if (biscuit === undefined) throw new Error('demoBrowserSuite: biscuit is used before the suite started');
      return biscuit;
    },
  }) as BrowserSite & { readonly biscuit: number };
}

/** The uncaught errors of `page`, collected from now on. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
