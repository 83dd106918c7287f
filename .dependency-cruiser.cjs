// The dependency rules of issue 33 (§1, §3), checked by `npm run lint:deps` (in .ci/run):
// the browser code (widgets/) and the server share code only through server/shared/, which is
// isomorphic: pure rules, types and user-facing strings, no I/O and no server-only library; and
// widgets import no node: module and no server-only npm package.
// Type-only imports count too (tsPreCompilationDeps), so a widget cannot borrow a route's types.
// No module cycles, and no cycles between the folders of widgets/.
// test/unit/dependency-rules.test.ts runs these rules on a small code base that breaks each of them.

/** npm packages server/shared/ may import: they run in the browser as they do on the server. */
const BROWSER_SAFE_PACKAGES = ['react', 'libphonenumber-js'];

/** npm packages of the server alone (package.json): no widget may bundle them. */
const SERVER_ONLY_PACKAGES = [
  '@aws-sdk', '@electric-sql/pglite', '@graphql-tools', 'compression', 'cookie-parser', 'csrf-sync', 'dataloader', 'ejs', 'express',
  'express-session', 'file-type', 'graphql', 'graphql-http', 'helmet', 'knex', 'knex-pglite', 'multer', 'nodemailer',
  'pdfkit', 'pg', 'pg-boss', 'pg-listen', 'pino', 'piscina', 'rate-limiter-flexible', 'sharp', 'tsx', 'zod',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'widget-imports-server-internals',
      severity: 'error',
      comment:
        'Widgets run in the browser: from server/ they may import only server/shared/ (pure rules, types, strings). ' +
        'Move what both sides need to server/shared/<feature>-*.ts.',
      from: { path: '^widgets/' },
      to: { path: '^server/', pathNot: '^server/shared/' },
    },
    {
      name: 'widget-imports-node',
      severity: 'error',
      comment: 'Widgets run in the browser: no node: modules.',
      from: { path: '^widgets/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'widget-imports-server-package',
      severity: 'error',
      comment: 'Widgets run in the browser: no server-only npm package (zod, knex, express...).',
      from: { path: '^widgets/' },
      to: { path: `(^|/)node_modules/(${SERVER_ONLY_PACKAGES.join('|')})/` },
    },
    {
      name: 'server-imports-widgets',
      severity: 'error',
      comment: 'The server never imports browser code: what both sides need lives in server/shared/.',
      from: { path: '^server/' },
      to: { path: '^widgets/' },
    },
    {
      name: 'shared-imports-outside-shared',
      severity: 'error',
      comment: 'server/shared/ is bundled into widgets: it imports only its own modules (and browser-safe npm packages).',
      from: { path: '^server/shared/' },
      to: { pathNot: ['^server/shared/', '(^|/)node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'shared-imports-node-or-server-package',
      severity: 'error',
      comment:
        'server/shared/ is bundled into widgets: no node: modules, and of npm only the browser-safe packages ' +
        'listed in .dependency-cruiser.cjs (no zod, knex, express, pg...).',
      from: { path: '^server/shared/' },
      to: {
        dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'],
        pathNot: `(^|/)node_modules/(${BROWSER_SAFE_PACKAGES.join('|')})/`,
      },
    },
    {
      name: 'no-widget-folder-cycles',
      severity: 'error',
      comment: 'The folders of widgets/ depend on each other one way only (widgets/shared/ and widgets/startup/ below the rest).',
      scope: 'folder',
      from: { path: '^widgets/' },
      to: { path: '^widgets/', circular: true },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment:
        'No module imports itself through others. Folders of server/ still form cycles ' +
        '(graphql and the features, auth and users...), so the no-cycles rule between folders covers widgets/ only.',
      from: { path: '^(server|widgets)/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import the checker cannot resolve is one it cannot check.',
      from: { path: '^(server|widgets)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
