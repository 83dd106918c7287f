import type { Knex } from 'knex';

// Public profiles (issue 11): a view is counted at most once per visitor per day, so each
// counted (dog, day, visitor) is kept; the visitor is a user id or, for a signed-out visitor, a
// keyed hash of the address and browser that cannot be turned back into either. Public dogs are
// listed in the sitemap in pet-number order, so they get a partial index of their own.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_view_visitors', (t) => {
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.date('viewed_at_date').notNullable();
    t.text('visitor_key').notNullable();
    t.primary(['pet_num', 'viewed_at_date', 'visitor_key']);
    t.index(['viewed_at_date']);
    t.check('length(visitor_key) between 1 and 80', [], 'profile_view_visitors_key_length');
  });
  await knex.raw("create index pets_public_listed on pets (pet_num) where privacy = 'public' and not is_hidden and deleted_at is null");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists pets_public_listed');
  await knex.schema.dropTableIfExists('profile_view_visitors');
}
