// Where the browser tests find a Chromium: playwright-core cannot download one here.
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM_INSTALL_COMMAND = 'sudo apt-get install -y chromium';

function playwrightCacheBrowsers(): string[] {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  if (!existsSync(cache)) return [];
  return readdirSync(cache)
    .filter((name) => name.startsWith('chromium'))
    .sort()
    .reverse()
    .flatMap((name) => ['chrome-linux64/chrome', 'chrome-linux/chrome', 'chrome-linux/headless_shell', 'chrome-headless-shell-linux64/chrome-headless-shell'].map((exe) => path.join(cache, name, exe)));
}

/** CHROMIUM_PATH, then Debian's chromium, Google Chrome, and Playwright's browser cache. */
export function chromiumCandidates(): string[] {
  if (process.env.CHROMIUM_PATH) return [process.env.CHROMIUM_PATH];
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome', ...playwrightCacheBrowsers()];
}

export function findChromium(): string | undefined {
  return chromiumCandidates().find((candidate) => existsSync(candidate));
}

export function missingChromiumMessage(): string {
  const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist` : 'no Chromium or Google Chrome was found';
  return `The browser tests need Chromium: ${where}. Install it with:\n\n  ${CHROMIUM_INSTALL_COMMAND}\n\nor point CHROMIUM_PATH at a Chromium or Chrome binary.`;
}
