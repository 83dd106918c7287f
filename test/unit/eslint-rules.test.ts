// The ESLint configuration that `npm run lint` applies in .ci/run: it reports what typescript-eslint's
// recommended rules and React's rules of hooks forbid, in the places the project keeps code.
import { expect } from 'chai';
import { ESLint } from 'eslint';

async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe('ESLint rules (issue 33 §3)', function () {
  this.timeout(60_000);

  it('reports an unused import and an explicit any in server code, and lets an underscored parameter be', async () => {
    const broken = await rulesBroken("import { readFile } from 'node:fs';\nexport const f = (_unused: number, x: any) => x;\n", 'server/example.ts');
    expect(broken).to.have.members(['@typescript-eslint/no-unused-vars', '@typescript-eslint/no-explicit-any']);
  });

  it('reports a hook called conditionally in a widget', async () => {
    const code = "import { useState } from 'react';\nexport function W({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(await rulesBroken(code, 'widgets/example/W.tsx')).to.include('react-hooks/rules-of-hooks');
  });

  it('finds nothing wrong in code that follows the rules', async () => {
    expect(await rulesBroken('export const double = (n: number): number => 2 * n;\n', 'server/example.ts')).to.deep.equal([]);
  });
});
