// The README and docs/ stay short and true (issue 33 §4): the README under 300 lines and linking
// every docs/ file, its code map naming every folder of the project, every file path, link, npm
// script and setting the documentation names existing.
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const readme = read('README.md');
const docFiles = readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const documents = ['README.md', ...docFiles];

/** What running the project makes, not what it is made of (.gitignore). */
const GENERATED = new Set(['node_modules', 'data', 'static/build', 'test-results']);

function foldersUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => (dir ? `${dir}/${entry.name}` : entry.name))
    .filter((folder) => !GENERATED.has(folder) && (!path.basename(folder).startsWith('.') || folder === '.ci'))
    .flatMap((folder) => [folder, ...foldersUnder(folder)]);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (file: string) => new Set([...read(file).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1])));

/** A path of the repository in backticks: starts at one of its top folders, no placeholder in it. */
const TOP = /^(\.ci|bench|docs|migrations|scripts|server|static|test|views|widgets)\//;
const PLACEHOLDER = /[{}*…<>|[\]]/;

describe('README and docs/', () => {
  it('keeps the README under 300 lines', () => {
    expect(readme.split('\n').length).to.be.below(300);
  });

  it('links every docs/ file from the README', () => {
    for (const file of docFiles) expect(readme, file).to.include(`](${file})`);
  });

  it("names every folder of the project on the README's code map", () => {
    const missing = foldersUnder('').filter((folder) => !new RegExp(`^${folder.replace(/[.]/g, '\\.')}/ `, 'm').test(readme));
    expect(missing, 'folders without a line in "Where things are"').to.deep.equal([]);
  });

  it('names only files and folders that exist', () => {
    const missing: string[] = [];
    for (const file of documents) {
      for (const [, token] of read(file).matchAll(/`([^`\s]+)`/g)) {
        const target = token.replace(/[.,:;)]+$/, '');
        if (!TOP.test(target) || PLACEHOLDER.test(target) || target.startsWith('static/build')) continue;
        if (!existsSync(path.join(root, target))) missing.push(`${file}: ${target}`);
      }
    }
    expect(missing).to.deep.equal([]);
  });

  it('links only documents and headings that exist', () => {
    const broken: string[] = [];
    for (const file of documents) {
      for (const [, link] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(link)) continue; // another site
        const [target, anchor] = link.split('#');
        const linked = target ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target)) : file;
        if (!existsSync(path.join(root, linked))) broken.push(`${file}: ${link}`);
        else if (anchor && statSync(path.join(root, linked)).isFile() && !anchorsOf(linked).has(anchor)) broken.push(`${file}: ${link}`);
      }
    }
    expect(broken).to.deep.equal([]);
  });

  it('runs only npm scripts that package.json has', () => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);
    const unknown = documents.flatMap((file) => [...read(file).matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]).filter((name) => !scripts.includes(name)).map((name) => `${file}: ${name}`));
    expect(unknown).to.deep.equal([]);
  });

  it('lists only settings the server reads', () => {
    const settings = readme.slice(readme.indexOf('## Settings'), readme.indexOf('\n## ', readme.indexOf('## Settings') + 1));
    const named = [...settings.matchAll(/^\| (.+?) \|/gm)].flatMap((row) => [...row[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]));
    expect(named).to.include.members(['PORT', 'DATABASE_URL', 'SESSION_SECRET']);
    const source = ['server/settings.ts', 'server/lab/options.ts', 'server/media/settings.ts', 'server/logging/logger.ts'].map(read).join('\n');
    expect(named.filter((name) => !source.includes(`env.${name}`))).to.deep.equal([]);
  });
});
