import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Express } from 'express';
import { findChromium, missingChromiumMessage } from './chromium.js';

export function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(missingChromiumMessage());
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
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

/** Signs in through the real form, as a person would. */
export async function signInThroughForm(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await Promise.all([page.waitForURL(`${origin}/members`), page.click('button[type="submit"]')]);
}
