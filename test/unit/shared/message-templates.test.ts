// Messages with {placeholders} are filled in with a function: given a string, String.replace reads
// $&, $` and $' in it as patterns, so a member named "Pat $& Co" would bring the placeholder back.
import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const ROOTS = ['server', 'widgets', 'views'];
const FILLED_WITH_A_STRING = /\.replace\('\{[a-zA-Z]+\}', (?!\(\) =>)/;

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|ejs)$/.test(entry.name) ? [full] : [];
  }));
  return nested.flat();
}

describe('message templates', () => {
  it('fill their {placeholders} with a function, never a string', async () => {
    const offending: string[] = [];
    for (const file of (await Promise.all(ROOTS.map(sourceFiles))).flat()) {
      (await readFile(file, 'utf8')).split('\n').forEach((line, i) => {
        if (FILLED_WITH_A_STRING.test(line)) offending.push(`${file}:${i + 1}`);
      });
    }
    expect(offending).to.deep.equal([]);
  });

  it('keep a name with replacement patterns as written', () => {
    const name = "Pat $& $` $' Co";
    expect('New message from {name}'.replace('{name}', () => name)).to.equal(`New message from ${name}`);
    expect('New message from {name}'.replace('{name}', name)).to.not.equal(`New message from ${name}`);
  });
});
