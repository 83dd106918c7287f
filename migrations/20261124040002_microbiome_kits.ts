import type { Knex } from 'knex';

// Kits also sell the gut microbiome test (spec 2 §1). It has no DNA swab, so the product types
// of swabs and pet products stay the spec's enumeration; only a kit may be 'Microbiome', and
// the microbiome test it starts remembers the kit (one test per kit).

const KIT_PRODUCT_TYPES =
  "('Age', 'BreedAndAncestry', 'ComprehensiveBreeder', 'ComprehensiveConsumer', 'ComprehensiveUpgrade', 'Purebred', 'Vet'";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kits', (t) => {
    t.dropChecks(['kits_product_type']);
    t.check(`product_type in ${KIT_PRODUCT_TYPES}, 'Microbiome')`, [], 'kits_product_type');
  });
  await knex.schema.alterTable('microbiome_tests', (t) => {
    t.integer('kit_id').references('kits.id').onDelete('SET NULL');
    t.unique(['kit_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('microbiome_tests', (t) => {
    t.dropColumn('kit_id');
  });
  // Microbiome kits cannot be kept under the old rule: down refuses while any exists.
  await knex.schema.alterTable('kits', (t) => {
    t.dropChecks(['kits_product_type']);
    t.check(`product_type in ${KIT_PRODUCT_TYPES})`, [], 'kits_product_type');
  });
}
