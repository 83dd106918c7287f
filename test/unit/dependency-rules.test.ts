// The dependency rules of .dependency-cruiser.cjs (issue 33 §3, `npm run lint:deps`) catch what they
// are for: a small code base made in a temporary folder breaks each rule once, beside imports the
// rules allow, and dependency-cruiser must name exactly the broken ones.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true } }),
  // allowed: a widget imports server/shared/ and other widgets; shared imports shared and react
  'widgets/chat/widget.ts': "import { LIMIT } from '../../server/shared/chat-rules.js';\nimport { label } from '../shared/label.js';\nexport const widget = LIMIT + label;\n",
  'widgets/shared/label.ts': "export const label = 'label';\n",
  // broken: a cycle of two widget modules, and so of their folders
  'widgets/gallery/slides.ts': "import { caption } from '../share/caption.js';\nexport const slides = () => caption();\n",
  'widgets/share/caption.ts': "import { slides } from '../gallery/slides.js';\nexport const caption = () => slides;\n",
  'server/shared/chat-rules.ts': "import type { ReactNode } from 'react';\nimport { MAX } from './limits.js';\nexport const LIMIT = MAX;\nexport type Node = ReactNode;\n",
  'server/shared/limits.ts': 'export const MAX = 5;\n',
  'server/chat/routes.ts': "import { z } from 'zod';\nimport { LIMIT } from '../shared/chat-rules.js';\nexport const body = z.string().max(LIMIT);\n",
  // broken: (a) a widget imports a server module outside server/shared/, even for a type
  'widgets/chat/bad-import.ts': "import type { body } from '../../server/chat/routes.js';\nexport type Body = typeof body;\n",
  // broken: a widget imports node: and a server-only package
  'widgets/chat/bad-package.ts': "import { z } from 'zod';\nimport { join } from 'node:path';\nexport const bad = [z, join];\n",
  // broken: (b) the server imports a widget
  'server/chat/page.ts': "import { widget } from '../../widgets/chat/widget.js';\nexport const page = widget;\n",
  // broken: (c) server/shared/ imports the server, node: and a server-only package
  'server/shared/leaky.ts':
    "import { body } from '../chat/routes.js';\nimport { readFileSync } from 'node:fs';\nimport { z } from 'zod';\nexport const leaky = [body, readFileSync, z];\n",
};

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function cruise(): Violation[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'dependency-rules-'));
  try {
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const run = spawnSync(process.execPath, [depcruise, 'server', 'widgets', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(run.stdout, run.stderr).to.not.equal('');
    return JSON.parse(run.stdout).summary.violations;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the dependency rules (npm run lint:deps)', () => {
  it('report a widget importing server/ outside server/shared/ or a server-only package, the server importing a widget, server/shared/ importing anything but itself and browser-safe packages, and cycles', () => {
    const found = cruise()
      .map(({ rule, from, to }) => `${rule.name}: ${from} → ${to.replace(/^.*node_modules\/(zod)\/.*$/, 'node_modules/$1')}`)
      .sort();
    expect(found).to.deep.equal([
      'no-module-cycles: widgets/gallery/slides.ts → widgets/share/caption.ts',
      'no-widget-folder-cycles: widgets/gallery → widgets/share',
      'no-widget-folder-cycles: widgets/share → widgets/gallery',
      'server-imports-widgets: server/chat/page.ts → widgets/chat/widget.ts',
      'shared-imports-node-or-server-package: server/shared/leaky.ts → fs',
      'shared-imports-node-or-server-package: server/shared/leaky.ts → node_modules/zod',
      'shared-imports-outside-shared: server/shared/leaky.ts → server/chat/routes.ts',
      'widget-imports-node: widgets/chat/bad-package.ts → path',
      'widget-imports-server-internals: widgets/chat/bad-import.ts → server/chat/routes.ts',
      'widget-imports-server-package: widgets/chat/bad-package.ts → node_modules/zod',
    ]);
  });
});
