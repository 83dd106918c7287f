import { expect } from 'chai';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

// The chat widget shares its rules with the server (server/shared/chat-rules.ts); server-only libraries must
// not come with them: zod was 59.5 KB of the widget's 71 KB chunk.
describe('the chat widget bundle', () => {
  it('takes no schema library along with the shared chat rules', async () => {
    const entry = fileURLToPath(new URL('../../../widgets/chat/mount.ts', import.meta.url));
    const result = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, format: 'esm', logLevel: 'silent', jsx: 'automatic' });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('server/shared/chat-rules'))).to.equal(true);
    expect(inputs.filter((input) => /node_modules\/(zod|knex|pg)\//.test(input))).to.deep.equal([]);
  });
});
