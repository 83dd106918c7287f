// ESLint with typescript-eslint's recommended rules and React's rules of hooks (issue 33 §3), run by
// `npm run lint` in .ci/run. tsc checks names, so no-undef is left to it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'static/build/', 'data/', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-undef': 'off',
      // a leading underscore names what is left unused on purpose (a callback's parameter, a destructured rest)
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // the input validators match control characters on purpose
      'no-control-regex': 'off',
    },
  },
  {
    // chai's property assertions (`expect(list).to.not.be.empty`) read as expressions
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    files: ['widgets/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
