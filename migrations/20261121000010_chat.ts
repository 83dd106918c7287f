import type { Knex } from 'knex';

// Chat between dog owners (spec 1 §3 Conversation, Message; spec 2 §3 Conversation; issue 6).
// Deleting a conversation is per user: it sets that participant's cleared_at, hiding the
// messages before it for them alone. Messages are plain text, escaped on output.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('conversations', (t) => {
    t.increments('id').primary();
    t.text('subject');
    t.integer('created_by_user_id').references('users.id').onDelete('SET NULL');
    // The dog whose page the chat was started from (/members/chat?to={handle}).
    t.integer('about_pet_num').references('pets.pet_num').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_message_at', { useTz: true });
    t.index(['created_by_user_id']);
    t.index(['about_pet_num']);
  });

  await knex.schema.createTable('conversation_participants', (t) => {
    t.integer('conversation_id').notNullable().references('conversations.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // The participant's own dog in this conversation (activeUserPet).
    t.integer('pet_num').references('pets.pet_num').onDelete('SET NULL');
    t.timestamp('last_read_at', { useTz: true });
    // Set by "delete conversation": earlier messages are hidden for this user only.
    t.timestamp('cleared_at', { useTz: true });
    // issue 6: at most one e-mail notice per conversation until the recipient reads it.
    t.timestamp('email_notice_sent_at', { useTz: true });
    t.timestamp('joined_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['conversation_id', 'user_id']);
    t.index(['user_id', 'conversation_id']);
    t.index(['pet_num']);
  });

  await knex.schema.createTable('messages', (t) => {
    t.bigIncrements('id').primary();
    t.integer('conversation_id').notNullable().references('conversations.id').onDelete('CASCADE');
    t.integer('created_by_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['conversation_id', 'created_at']);
    t.index(['created_by_user_id', 'created_at']);
    // spec 2 §5: an empty or blank body is refused; issue 6: a length limit.
    t.check("body ~ '[^[:space:]]'", [], 'messages_body_not_blank');
    t.check('char_length(body) <= 5000', [], 'messages_body_length');
  });

  await knex.schema.createTable('message_read_statuses', (t) => {
    t.bigInteger('message_id').notNullable().references('messages.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('read_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['message_id', 'user_id']);
    t.index(['user_id']);
  });

  // A block is between two users, made from a conversation; it refuses sends both ways.
  await knex.schema.createTable('blocks', (t) => {
    t.integer('blocker_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('blocked_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('conversation_id').references('conversations.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['blocker_user_id', 'blocked_user_id']);
    t.index(['blocked_user_id']);
    t.index(['conversation_id']);
    t.check('blocker_user_id <> blocked_user_id', [], 'blocks_not_self');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['blocks', 'message_read_statuses', 'messages', 'conversation_participants', 'conversations']) {
    await knex.schema.dropTableIfExists(table);
  }
}
