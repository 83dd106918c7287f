import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../../server/app.js';
import { loadSettings, type Settings } from '../../server/settings.js';
import { testDb } from './database.js';

/** A small marker panel keeps the genetics in tests fast; every test uses the same one. */
export const TEST_LAB_OPTIONS = { seed: 4242, panelSize: 3000 };

let mediaDir: string | undefined;

/** Uploads in tests go to a temporary folder of the run, removed when the run ends. */
export function testMediaDir(): string {
  if (!mediaDir) {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dogdna-test-media-'));
    const dir = mediaDir;
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return mediaDir;
}

export function testSettings(overrides: Partial<Settings> = {}): Settings {
  return { ...loadSettings({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret' }), lab: TEST_LAB_OPTIONS, demoPopulationSize: 0, media: { kind: 'local', dir: testMediaDir() }, ...overrides };
}

export async function testApp(overrides: Partial<Settings> = {}): Promise<Express> {
  return createApp({ db: await testDb(), settings: testSettings(overrides) });
}

export type Agent = ReturnType<typeof request.agent>;

export function csrfTokenIn(html: string): string {
  const match = html.match(/<meta name="csrf-token" content="([^"]+)">/);
  if (!match) throw new Error('page has no csrf-token meta tag');
  return match[1];
}

/** A fresh CSRF token for the agent's current session, read from a page as a browser would. */
export async function csrfToken(agent: Agent, path = '/login'): Promise<string> {
  const page = await agent.get(path);
  return csrfTokenIn(page.text);
}

export async function signIn(app: Express, email: string, password: string): Promise<Agent> {
  const agent = request.agent(app);
  const token = await csrfToken(agent);
  const response = await agent.post('/login').type('form').send({ email, password, _csrf: token });
  if (response.status !== 302 || response.headers.location !== '/members') {
    throw new Error(`sign-in as ${email} failed with ${response.status}`);
  }
  return agent;
}

/**
 * Posts a GraphQL operation the way the browser helper does: JSON with the x-csrf-token header. A
 * signed-out agent's token comes from the sign-in page (reading other pages gives them none).
 */
export async function graphql(agent: Agent, query: string, variables: Record<string, unknown> = {}) {
  const token = await csrfToken(agent, '/help').catch(() => csrfToken(agent, '/login'));
  return agent.post('/graphql').set('x-csrf-token', token).set('accept', 'application/json').send({ query, variables });
}
