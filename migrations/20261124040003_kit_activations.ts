import type { Knex } from 'knex';

// A kit activation in progress (issue 15): the answers of each step are kept here, not in the
// session, so an owner who leaves halfway continues where they stopped, from any browser.
//   step: selectDog → howDidYouHear → contributeToResearch → activate → done
// The dog is either one of the account's dogs (pet_num) or a new one (new_pet), created only
// when the kit is activated.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('kit_activations', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // The code as entered, normalised (upper case, no spaces or dashes).
    t.text('code').notNullable();
    t.integer('kit_id').references('kits.id').onDelete('CASCADE');
    t.integer('swab_id').references('swabs.id').onDelete('CASCADE');
    t.text('step').notNullable().defaultTo('selectDog');
    t.integer('pet_num').references('pets.pet_num').onDelete('SET NULL');
    t.jsonb('new_pet');
    t.integer('practice_id').references('vet_practices.id').onDelete('SET NULL');
    t.text('how_heard');
    t.boolean('agreed_to_research');
    t.timestamp('research_answered_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['kit_id']);
    t.index(['swab_id']);
    t.index(['pet_num']);
    t.index(['practice_id']);
    t.check("code ~ '^[A-Z0-9]{3,32}$'", [], 'kit_activations_code_format');
    t.check('num_nonnulls(kit_id, swab_id) >= 1', [], 'kit_activations_has_kit_or_swab');
    t.check("step in ('selectDog', 'howDidYouHear', 'contributeToResearch', 'activate', 'done')", [], 'kit_activations_step');
    t.check("new_pet is null or jsonb_typeof(new_pet) = 'object'", [], 'kit_activations_new_pet_object');
    t.check('pet_num is null or new_pet is null', [], 'kit_activations_one_dog');
    t.check("(step = 'done') = (completed_at is not null)", [], 'kit_activations_completed_at');
    t.check('(agreed_to_research is null) = (research_answered_at is null)', [], 'kit_activations_research_answered_at');
  });
  // One activation in progress per account; finished ones stay as the record of who activated what.
  await knex.raw('create unique index kit_activations_one_open on kit_activations (user_id) where completed_at is null');
  await knex.raw('create index kit_activations_user on kit_activations (user_id, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('kit_activations');
}
