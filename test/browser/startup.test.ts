// The start-up script in Chromium: page behaviours, widget mounting and isolation, code splitting.
// Serves test/browser/fixtures/*.html with the real build (static/build) and a test-only build of
// fixtures/fixture-startup.ts that adds a widget which throws and one no page shows.
import { expect } from 'chai';
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeContexts, sharedChromium } from '../support/browser.js';
import {
  COPY_LINK,
  HIDE_PASSWORD,
  LINK_COPIED,
  SHOW_LESS,
  SHOW_MORE,
  SUBMITTING,
  WAITED_TOO_LONG,
} from '../../server/shared/messages';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const fixturesDir = join(projectRoot, 'test/browser/fixtures');
const buildDir = join(projectRoot, 'static/build');

interface Metafile {
  outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }>;
}

/** The file name of the chunk esbuild made for `entryPoint`, from a metafile. */
function chunkFor(meta: Metafile, entryPoint: string): string {
  const found = Object.entries(meta.outputs).find(([, output]) => output.entryPoint === entryPoint);
  if (!found) throw new Error(`no chunk for ${entryPoint}`);
  return found[0].split('/').pop()!;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json', '.map': 'application/json' };

describe('start-up script in the browser', function () {
  this.timeout(60_000);

  let server: Server;
  let origin: string;
  let browser: Browser;
  let context: BrowserContext;
  let fixtureBuildDir: string;
  let meta: Metafile;
  /** static/build/startup-[hash].js, from the build's manifest. */
  let startupFile: string;
  let fixtureMeta: Metafile;
  let posts: string[] = [];
  let holdSubmissions = false;
  let heldSubmissions: (() => void)[] = [];
  const answerSubmissions = () => {
    holdSubmissions = false;
    for (const answer of heldSubmissions.splice(0)) answer();
  };
  let unreadCount = 0;

  /** Serves fixtures, both builds, and the two endpoints the fixture pages call. */
  function handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', origin);
    const send = (status: number, type: string, body: string | Buffer): void => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (url.pathname === '/api/messages/unread-count') {
      return send(200, 'application/json', JSON.stringify({ numUnreadMessages: unreadCount }));
    }
    if (request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        posts.push(body);
        const answer = () => send(200, 'text/html', '<h1>Submitted</h1>');
        // Held, when a test asks, until it lets it go: the page stays to look at the form while it is sent.
        if (holdSubmissions) heldSubmissions.push(answer);
        else answer();
      });
      return;
    }
    const mounts: [string, string][] = [
      ['/fixtures/', fixturesDir],
      ['/static/build/', buildDir],
      ['/static/css/', join(projectRoot, 'static/css')],
      ['/fixture-build/', fixtureBuildDir],
    ];
    // The fixtures name the start-up script as the views did before its name carried a hash.
    const pathname = url.pathname === '/static/build/startup.js' ? `/static/build/${startupFile}` : url.pathname;
    for (const [prefix, dir] of mounts) {
      if (!pathname.startsWith(prefix)) continue;
      const file = normalize(join(dir, pathname.slice(prefix.length)));
      if (!file.startsWith(dir) || !existsSync(file)) break;
      return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
    }
    send(url.pathname.startsWith('/members') || url.pathname === '/help' ? 200 : 404, 'text/html', `<h1>${url.pathname}</h1>`);
  }

  before(async () => {
    if (!existsSync(join(buildDir, 'manifest.json'))) {
      const build = spawnSync(process.execPath, ['esbuild.config.mjs'], { cwd: projectRoot, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('npm run build failed');
    }
    meta = JSON.parse(readFileSync(join(buildDir, 'meta.json'), 'utf8'));
    startupFile = JSON.parse(readFileSync(join(buildDir, 'manifest.json'), 'utf8'))['startup.js'];

    fixtureBuildDir = mkdtempSync(join(tmpdir(), 'startup-fixture-build-'));
    const fixtureBuild = await esbuild.build({
      absWorkingDir: projectRoot,
      entryPoints: { 'fixture-startup': 'test/browser/fixtures/fixture-startup.ts' },
      outdir: fixtureBuildDir,
      entryNames: '[name]',
      chunkNames: 'chunks/[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      jsx: 'automatic',
      metafile: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
    fixtureMeta = fixtureBuild.metafile;

    server = createServer((request, response) => handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    browser = await sharedChromium();
  });

  after(async () => {
    await closeContexts(browser);
    await new Promise((resolve) => server?.close(resolve));
    if (fixtureBuildDir) rmSync(fixtureBuildDir, { recursive: true, force: true });
  });

  // a submission a test left unanswered must not keep the server from closing
  afterEach(() => answerSubmissions());

  beforeEach(async () => {
    posts = [];
    heldSubmissions = [];
    unreadCount = 0;
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    // tsx compiles the callbacks given to page.evaluate with esbuild's keepNames, which wraps
    // named functions in a __name() helper that only exists in Node.
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  });

  afterEach(async () => {
    await context.close();
  });

  /** Opens a fixture page, recording the paths it requests. */
  async function open(name: string, page?: Page): Promise<{ page: Page; requested: string[] }> {
    page ??= await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${origin}/fixtures/${name}`);
    return { page, requested };
  }

  const text = (page: Page, selector: string) => page.locator(selector).textContent();

  it('stays under its 5 KB gzipped budget', () => {
    const size = gzipSync(readFileSync(join(buildDir, startupFile))).length;
    expect(size).to.be.below(5 * 1024);
  });

  it('adds the ready marker 500 ms after start-up', async () => {
    // The page's clock stands still, so the 500 ms are counted exactly whatever the machine is doing.
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-11-24T12:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-24T12:00:10Z'));
    await open('page.html', page);
    await page.waitForFunction(() => document.readyState === 'complete');
    const ready = () => page.evaluate(() => ({ marker: document.body.dataset.pageReady ?? null, cls: document.body.classList.contains('page-ready') }));
    expect(await ready()).to.deep.equal({ marker: null, cls: false });
    await page.clock.runFor(490);
    expect(await ready()).to.deep.equal({ marker: null, cls: false });
    await page.clock.runFor(20);
    expect(await ready()).to.deep.equal({ marker: 'true', cls: true });
  });

  it("disables a one-time-submit form's button with 'Submitting...' and sends it once", async () => {
    const { page } = await open('page.html');
    holdSubmissions = true;
    // Playwright cannot look at a page that is navigating, so read the form right after the
    // click; the page submits again while the first request is still under way (held by the server).
    const state = await page.evaluate(() => {
      const save = document.getElementById('save') as HTMLButtonElement;
      save.click();
      (document.getElementById('one-time') as HTMLFormElement).requestSubmit();
      return { text: save.textContent, disabled: save.disabled };
    });
    expect(state).to.deep.equal({ text: SUBMITTING, disabled: true });
    answerSubmissions();
    await page.waitForURL(`${origin}/submit`);
    expect(posts).to.have.length(1);
    const fields = new URLSearchParams(posts[0]);
    expect(fields.get('action'), 'the clicked button still counts').to.equal('save');
    expect(fields.get('_csrf'), 'hidden _csrf copied from the meta tag').to.equal('fixture-token');
  });

  it('blocks Enter on marked inputs only', async () => {
    const { page } = await open('page.html');
    await page.fill('#enter-ok-input', 'sent');
    await page.fill('#no-enter-input', 'blocked');
    await page.press('#no-enter-input', 'Enter');
    await page.press('#enter-ok-input', 'Enter');
    await page.waitForURL(`${origin}/submit`);
    // the blocked Enter sent nothing: the one form the server got is the other one
    expect(posts.map((body) => new URLSearchParams(body).get('code'))).to.deep.equal(['sent']);
  });

  it('adds _csrf only to post forms that lack it', async () => {
    const { page } = await open('page.html');
    const tokens = await page.evaluate(() =>
      ['one-time', 'no-enter', 'with-token', 'get-form'].map((id) =>
        Array.from(document.querySelectorAll<HTMLInputElement>(`#${id} input[name="_csrf"]`)).map((input) => input.value),
      ),
    );
    expect(tokens).to.deep.equal([['fixture-token'], ['fixture-token'], ['server-rendered'], []]);
  });

  it('shows a reveal label only when its input has a value, before or after its input, with the site\u2019s styles (issue 36 §11)', async () => {
    const { page } = await open('page.html');
    // Seen: not transparent, hidden or out of the layout. A hidden label keeps its place and still names its input.
    const seen = (id: string) =>
      page.evaluate((id) => {
        const style = getComputedStyle(document.getElementById(id)!);
        return style.display !== 'none' && style.visibility !== 'hidden' && style.opacity !== '0';
      }, id);
    for (const [input, label] of [['#reveal', 'reveal-label'], ['#reveal-after', 'reveal-after-label']]) {
      expect(await seen(label), `${label} while empty`).to.equal(false);
      await page.fill(input, 'Rex');
      expect(await seen(label), `${label} with a value`).to.equal(true);
      await page.fill(input, '');
      expect(await seen(label), `${label} emptied`).to.equal(false);
      expect(await page.getByRole('textbox', { name: label === 'reveal-label' ? 'Dog name' : 'Call name', exact: true }).count()).to.equal(1);
    }
  });

  it('shows and hides a password with its toggle', async () => {
    const { page } = await open('page.html');
    await page.click('#password-toggle');
    expect(await page.getAttribute('#password', 'type')).to.equal('text');
    expect(await text(page, '#password-toggle')).to.equal(HIDE_PASSWORD);
    await page.click('#password-toggle');
    expect(await page.getAttribute('#password', 'type')).to.equal('password');
  });

  it("collapses show-more containers and toggles 'Show More' / 'Show Less'", async () => {
    const { page } = await open('page.html');
    const toggle = page.locator('#more + .show-more-toggle');
    const maxHeight = (id: string) => page.evaluate((id) => getComputedStyle(document.getElementById(id)!).maxHeight, id);
    expect(await toggle.textContent()).to.equal(SHOW_MORE);
    expect(await maxHeight('more')).to.equal('96px'); // 6rem
    expect(await maxHeight('more-count')).to.equal('32px'); // 2rem, by-count variant
    await toggle.click();
    expect(await toggle.textContent()).to.equal(SHOW_LESS);
    expect(await maxHeight('more')).to.equal('none');
    await toggle.click();
    expect(await toggle.textContent()).to.equal(SHOW_MORE);
    expect(await maxHeight('more')).to.equal('96px');
  });

  it("copies the link, reads 'Link Copied' for 3 s, then 'Copy Link'", async () => {
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-11-24T12:00:00Z') });
    await open('page.html', page);
    await page.clock.pauseAt(new Date('2026-11-24T12:00:10Z'));
    await page.click('#copy');
    const label = () => text(page, '#copy');
    await page.locator('#copy', { hasText: LINK_COPIED }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(`${origin}/p/rex`);
    await page.clock.runFor(2_900);
    expect(await label()).to.equal(LINK_COPIED);
    await page.clock.runFor(200);
    expect(await label()).to.equal(COPY_LINK);
  });


  it('makes the header sticky only above 920 px, the submenu 64 px down, z-index 500', async () => {
    const { page } = await open('page.html');
    const sticky = () =>
      page.evaluate(() =>
        ['header', 'submenu'].map((id) => {
          const style = getComputedStyle(document.getElementById(id)!);
          return [style.position, style.top, style.zIndex];
        }),
      );
    expect(await sticky()).to.deep.equal([['sticky', '0px', '500'], ['sticky', '64px', '500']]);
    await page.setViewportSize({ width: 920, height: 800 });
    await page.waitForFunction(() => getComputedStyle(document.getElementById('header')!).position === 'static');
    await page.setViewportSize({ width: 921, height: 800 });
    await page.waitForFunction(() => getComputedStyle(document.getElementById('header')!).position === 'sticky');
  });

  it('goes to /members on a click on a backdrop itself, not on its children', async () => {
    const { page } = await open('page.html');
    const visits: string[] = [];
    page.on('request', (request) => void (request.isNavigationRequest() && visits.push(new URL(request.url()).pathname)));
    await page.click('#inside-backdrop');
    await page.click('#backdrop', { position: { x: 5, y: 5 } });
    await page.waitForURL(`${origin}/members`);
    // the click inside went nowhere: the only page asked for is the backdrop's
    expect(visits).to.deep.equal(['/members']);
  });

  it('opens the support chat from a contact link when it is loaded, else follows the link', async () => {
    const { page } = await open('page.html');
    await page.evaluate(() => (window.supportChat = { open: () => ((window as { chatOpened?: boolean }).chatOpened = true) }));
    await page.click('#contact');
    expect(await page.evaluate(() => (window as { chatOpened?: boolean }).chatOpened)).to.equal(true);
    expect(page.url()).to.equal(`${origin}/fixtures/page.html`);
    await page.evaluate(() => delete window.supportChat);
    await page.click('#contact');
    await page.waitForURL(`${origin}/help`);
  });

  it('mounts the unread badge with its count and keeps it current', async () => {
    const { page } = await open('page.html');
    await page.waitForSelector('#badge .unread-badge');
    expect(await text(page, '#badge')).to.equal('3');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('unread-count', { detail: { count: 120 } })));
    await page.waitForFunction(() => document.querySelector('#badge .unread-badge')!.textContent === '99+');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('unread-count', { detail: { count: 0 } })));
    await page.waitForSelector('#badge .unread-badge', { state: 'hidden' });
    unreadCount = 7;
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForFunction(() => document.querySelector('#badge .unread-badge')!.textContent === '7');
    expect(await page.isVisible('#badge .unread-badge')).to.equal(true);
  });

  it('isolates widgets with bad props or an unknown name and reports each', async () => {
    const { page } = await open('page.html');
    await page.waitForFunction(() => window.__widgetErrors.length === 3);
    const report = await page.evaluate(() => ({
      events: [...window.__widgetErrors].sort(),
      marked: Array.from(document.querySelectorAll('[data-widget-error]')).map((element) => element.id).sort(),
      consoleErrors: window.__consoleErrors,
    }));
    expect(report.events).to.deep.equal(['no-such-widget', 'unread-badge', 'unread-badge']);
    expect(report.marked).to.deep.equal(['bad-json', 'bad-props', 'unknown']);
    expect(report.consoleErrors).to.equal(3);
    expect(await text(page, '#badge .unread-badge')).to.equal('3');
  });

  it('keeps a widget that throws while rendering inside its own root', async () => {
    const { page, requested } = await open('isolation.html');
    await page.waitForFunction(() => window.__widgetErrors.length === 1);
    await page.waitForSelector('#badge .unread-badge');
    expect(await page.evaluate(() => window.__widgetErrors)).to.deep.equal(['throws-on-render']);
    expect(await page.getAttribute('#thrower', 'data-widget-error')).to.equal('fixture widget failed to render');
    expect(await text(page, '#badge')).to.equal('99+');
    const neverShown = chunkFor(fixtureMeta, 'test/browser/fixtures/widgets/never-shown.tsx');
    const thrower = chunkFor(fixtureMeta, 'test/browser/fixtures/widgets/throws-on-render.tsx');
    expect(requested.map((path) => path.split('/').pop())).to.include(thrower).and.not.include(neverShown);
  });

  it('downloads only the start-up script on a page without widgets, and the widget chunks a page shows', async () => {
    const { page, requested } = await open('plain.html');
    await page.waitForFunction(() => document.body.dataset.pageReady === 'true');
    const startupImports = meta.outputs[`static/build/${startupFile}`].imports
      .filter((entry) => entry.kind === 'import-statement')
      .map((entry) => `/${entry.path}`);
    expect(requested.filter((path) => path.startsWith('/static/build/')).sort()).to.deep.equal(
      ['/static/build/startup.js', ...startupImports].sort(),
    );

    const withBadge = await open('page.html');
    await withBadge.page.waitForSelector('#badge .unread-badge');
    const badgeChunk = `/static/build/chunks/${chunkFor(meta, 'widgets/unread-badge/mount.ts')}`;
    const reactChunk = `/static/build/chunks/${chunkFor(meta, 'widgets/shared/react-root.tsx')}`;
    expect(withBadge.requested).to.include(badgeChunk).and.include(reactChunk);
    expect(withBadge.requested.filter((path) => path === badgeChunk), 'each chunk is fetched once').to.have.length(1);
  });

  it('mounts widgets once the libraries the page requires are there', async () => {
    // the page's clock stands still but as the test moves it
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-11-24T12:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-24T12:00:01Z'));
    await open('libraries.html', page);
    const badges = () => page.locator('.unread-badge').count();
    expect(await badges(), 'missing at the first check').to.equal(0);
    await page.clock.runFor(1_000); // the library arrives at 600 ms
    expect(await badges(), 'not before the next check').to.equal(0);
    await page.clock.runFor(1_000); // the second check, 2 s after the first
    await page.waitForSelector('.unread-badge');
    expect(await page.evaluate(() => window.__pageErrors)).to.deep.equal([]);
  });

  it("reports 'Waited more than 10 attempts' naming the library after the 10th check, then mounts widgets", async () => {
    const page = await context.newPage();
    await page.clock.install();
    await open('libraries.html?never', page);
    await page.clock.runFor(17_000); // checks at 0, 2 … 16 s: nine attempts
    expect(await page.evaluate(() => window.__pageErrors)).to.deep.equal([]);
    await page.clock.runFor(1_000); // the tenth, at 18 s
    await page.waitForFunction(() => window.__pageErrors.length > 0);
    const errors = await page.evaluate(() => window.__pageErrors);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include(`${WAITED_TOO_LONG} for FakeChart`);
    await page.waitForSelector('.unread-badge');
  });

  it('gives up after exactly 10 attempts when called with a short interval', async () => {
    const { page } = await open('isolation.html');
    const result = await page.evaluate(async () => {
      let lookups = 0;
      Object.defineProperty(window, 'MissingLib', { configurable: true, get: () => void (lookups += 1) });
      const message = await window.__startup!.waitForLibraries(['MissingLib'], { intervalMs: 5 }).then(
        () => 'resolved',
        (error: Error) => error.message,
      );
      return { message, lookups };
    });
    expect(result).to.deep.equal({ message: `${WAITED_TOO_LONG} for MissingLib`, lookups: 10 });
  });
});

declare global {
  interface Window {
    __widgetErrors: string[];
    __pageErrors: string[];
    __consoleErrors: number;
    __readyAt?: number;
    __badgeAt?: number;
  }
}
