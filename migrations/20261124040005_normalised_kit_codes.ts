import type { Knex } from 'knex';

// Activation looks codes up as typed, whatever the case, spaces and dashes (issue 15), so box
// keys and swab codes are indexed — and must be unique — in that normalised form. The same
// expression is in server/activation/queries.ts (normalisedCodeSql).

const NORMALISED = (column: string) => `upper(regexp_replace(${column}::text, '[[:space:]-]', '', 'g'))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create unique index kits_box_key_normalised on kits ((${NORMALISED('box_key')}))`);
  await knex.raw(`create unique index swabs_swab_code_normalised on swabs ((${NORMALISED('swab_code')}))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists swabs_swab_code_normalised');
  await knex.raw('drop index if exists kits_box_key_normalised');
}
