// knex's PostgreSQL client class (CommonJS, no declarations); prepared-statements.ts extends it.
declare module 'knex/lib/dialects/postgres/index.js' {
  const ClientPg: unknown;
  export default ClientPg;
}
