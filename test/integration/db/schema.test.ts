import { expect } from 'chai';
import type { Knex } from 'knex';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../../../server/db/index.js';
import { migrateToLatest, rollbackAll } from '../../../server/db/migrate.js';
import { testDb } from '../../support/database.js';

// The schema of migrations/: every entity of the spec has its table, and the database itself
// refuses what the spec's enumerations and limits refuse.

const EXPECTED_TABLES = [
  // 0001 accounts and pets
  'users', 'pets', 'pet_owners', 'sessions', 'audit_log',
  // 0002 catalogues
  'breeds', 'designer_breed_components', 'health_conditions', 'health_condition_breeds',
  'trait_categories', 'trait_loci', 'registration_organizations',
  // 0003 pet details
  'pet_registrations', 'pet_social_links',
  // 0004 kits and swabs
  'kits', 'swabs', 'samples', 'reswabs', 'pet_products',
  // 0005 genetics
  'markers', 'marker_panels', 'genotypes',
  // 0006 results
  'breed_mix_summaries', 'breed_mix_rows', 'genetic_stats', 'haplotypes', 'health_results',
  'trait_results', 'family_tree_links', 'relatives',
  // 0007 locations and practices
  'vet_practices', 'practice_users', 'practice_patients', 'practice_patient_notes',
  'onboarding_checklist_items', 'practice_onboarding_statuses', 'locations', 'vet_report_shares',
  // 0008 age, microbiome, nutrition
  'age_tests', 'microbiome_tests', 'nutrition_input_data', 'nutrition_recommendation_requests',
  // 0009 surveys and care resources
  'survey_categories', 'surveys', 'survey_target_pets', 'survey_responses', 'care_resources',
  'care_resource_targets', 'care_resources_feedback',
  // 0010 chat
  'conversations', 'conversation_participants', 'messages', 'message_read_statuses', 'blocks',
  // 0011 media
  'media', 'media_likes', 'profile_views_by_day',
  // 0012 feedback and preferences
  'feedback', 'user_notification_acknowledgements', 'email_preferences', 'user_feature_flags',
  // 0013, 0014
  'outbox',
  // 0019 panel marker arrays
  'marker_variants',
  // 2026112404 kit activation
  'kit_activations',
  // 2026112405 password reset
  'password_reset_tokens',
  // 2026112407 public profiles
  'profile_view_visitors',
  // 2026112500 16 admin search and kit shipments
  'kit_shipments',
  // 2026112500 12 gallery and media
  'media_file_deletions',
  // 2026112500 14 kennel profiles
  'kennel_profiles',
  // 2026120300 34 rate limits (rate-limiter-flexible)
  'rate_limits',
  // 2026120300 34 lab uploads ingested by jobs
  'lab_uploads', 'lab_upload_files',
];

async function tableNames(db: Knex): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await db('information_schema.tables')
    .select('table_name')
    .where({ table_schema: db.raw('current_schema()'), table_type: 'BASE TABLE' });
  return rows.map((row) => row.table_name).filter((name) => !name.startsWith('knex_'));
}

async function expectRefused(query: Promise<unknown>, constraint: string): Promise<void> {
  let error: unknown;
  try {
    await query;
  } catch (caught) {
    error = caught;
  }
  expect(error, `expected ${constraint} to refuse the row`).to.be.instanceOf(Error);
  expect((error as Error).message).to.contain(`"${constraint}"`);
}

let sequence = 0;
const next = () => ++sequence;

async function createUser(db: Knex, overrides: Record<string, unknown> = {}): Promise<number> {
  const n = next();
  const [row] = await db('users')
    .insert({ email: `user${n}@example.test`, name: `User ${n}`, password_hash: 'x', ...overrides })
    .returning('id');
  return row.id;
}

async function createPet(db: Knex, ownerId?: number, overrides: Record<string, unknown> = {}): Promise<{ petNum: number; id: string }> {
  const n = next();
  const [row] = await db('pets')
    .insert({ name: `Dog ${n}`, handle: `dog-${n}`, ...overrides })
    .returning(['pet_num', 'id']);
  if (ownerId) await db('pet_owners').insert({ pet_num: row.pet_num, user_id: ownerId });
  return { petNum: row.pet_num, id: row.id };
}

/** Placed markers at positions no other test uses; their ids in order. */
async function createMarkers(db: Knex, count: number): Promise<number[]> {
  const first = next() * 1000;
  const rows = Array.from({ length: count }, (_, i) => ({ name: `m${first + i}`, chromosome: 38, position: first + i, ref_allele: 'A', alt_allele: 'G' }));
  return (await db('markers').insert(rows).returning('id')).map((row: { id: number }) => row.id);
}

async function createBreed(db: Knex): Promise<number> {
  const n = next();
  const [row] = await db('breeds').insert({ name: `Breed ${n}`, slug: `breed-${n}` }).returning('id');
  return row.id;
}

/**
 * In-memory PGlite, or PostgreSQL at DATABASE_URL in a schema of its own, so that rolling every
 * migration back does not pull tables from under the other tests sharing that database.
 */
async function openSchemaTestDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const database = await openDatabase({});
    return { database, dispose: () => database.close() };
  }
  await testDb(); // the worker's own database, made on first use (global-database.ts)
  const schema = `schema_test_${process.pid}`;
  const admin = await openDatabase({ databaseUrl });
  await admin.db.raw('drop schema if exists ?? cascade', [schema]);
  await admin.db.raw('create schema ??', [schema]);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    async dispose() {
      await database.close();
      await admin.db.raw('drop schema if exists ?? cascade', [schema]);
      await admin.close();
    },
  };
}

describe('database schema', function () {
  let opened: Awaited<ReturnType<typeof openSchemaTestDatabase>>;
  let db: Knex;

  before(async function () {
    this.timeout(120_000); // every migration on a fresh schema: slow on a busy two-core machine
    opened = await openSchemaTestDatabase();
    db = opened.database.db;
    expect(await db.raw('select current_schema() as schema').then((result) => result.rows[0].schema)).to.match(
      process.env.DATABASE_URL ? /^schema_test_/ : /^public$/,
    );
    await migrateToLatest(db);
  });

  after(async function () {
    await opened?.dispose();
  });

  it('creates a table for every entity of the spec', async function () {
    const names = await tableNames(db);
    expect(names).to.include.members(EXPECTED_TABLES);
    expect(names.filter((name) => !EXPECTED_TABLES.includes(name)), 'tables missing from this test').to.deep.equal([]);
  });

  it('indexes every foreign key, so lookups and cascading deletes do not scan', async function () {
    // A foreign key is covered when its columns lead some index of the table.
    const { rows } = await db.raw(`
      select c.conrelid::regclass::text as table_name, c.conname
      from pg_constraint c
      where c.contype = 'f'
        and c.connamespace = current_schema()::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey
            and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] <@ c.conkey
        )
      order by 1, 2`);
    expect(rows.map((row: { table_name: string; conname: string }) => `${row.table_name}.${row.conname}`)).to.deep.equal([]);
  });

  it('names every check constraint after its table', async function () {
    const { rows } = await db.raw(`
      select conrelid::regclass::text as table_name, conname
      from pg_constraint
      where contype = 'c' and connamespace = current_schema()::regnamespace
        and conname not like conrelid::regclass::text || '\\_%'`);
    expect(rows).to.deep.equal([]);
  });

  it('seeds the seven onboarding checklist items of the spec, in order', async function () {
    const keys = (await db('onboarding_checklist_items').orderBy('sort_order').select('key')).map((row) => row.key);
    expect(keys).to.deep.equal([
      'place_first_order',
      'test_first_patient',
      'receive_first_results',
      'assign_staff_champion',
      'talk_about_genetic_testing',
      'learn_to_use_dashboard',
      'connect_with_success_manager',
    ]);
  });

  describe('check constraints', function () {
    it('refuses a location of type work, and accepts born, from, live and practice', async function () {
      const { petNum } = await createPet(db);
      await expectRefused(
        db('locations').insert({ pet_num: petNum, location_type: 'work', address_input: 'Ithaca' }),
        'locations_location_type',
      );
      for (const locationType of ['born', 'from', 'live', 'practice']) {
        await db('locations').insert({ pet_num: petNum, location_type: locationType, address_input: 'Ithaca, NY' });
      }
    });

    it('refuses a business type outside breeder, home, other, shelter', async function () {
      const { petNum } = await createPet(db);
      await expectRefused(
        db('locations').insert({ pet_num: petNum, location_type: 'born', business_type: 'kennel', address_input: 'x' }),
        'locations_business_type',
      );
      await db('locations').insert({ pet_num: petNum, location_type: 'born', business_type: 'shelter', address_input: 'x' });
    });

    it('refuses coordinates that are not [longitude, latitude]', async function () {
      const { petNum } = await createPet(db);
      await expectRefused(
        db('locations').insert({ pet_num: petNum, location_type: 'live', formatted_address: 'x', lng_lat: [10, 95] }),
        'locations_lng_lat',
      );
      await db('locations').insert({
        pet_num: petNum,
        location_type: 'live',
        formatted_address: 'Boston, MA, USA',
        lng_lat: [-71.06, 42.36],
        address_components: JSON.stringify([{ long_name: 'Boston', short_name: 'Boston', types: ['locality'] }]),
      });
      const row = await db('locations').where({ pet_num: petNum, location_type: 'live' }).first();
      expect(row.lng_lat).to.deep.equal([-71.06, 42.36]);
    });

    it('refuses an image public id without ui/ and a video public id without uv/', async function () {
      const { petNum } = await createPet(db);
      await expectRefused(
        db('media').insert({ pet_num: petNum, media_type: 'image', public_id: 'uv/abc', resource_type: 'image' }),
        'media_public_id_prefix',
      );
      await expectRefused(
        db('media').insert({ pet_num: petNum, media_type: 'video', public_id: 'abc', resource_type: 'video' }),
        'media_public_id_prefix',
      );
      await db('media').insert({ pet_num: petNum, media_type: 'image', public_id: `ui/ok-${next()}`, resource_type: 'image' });
      await db('media').insert({ pet_num: petNum, media_type: 'video', public_id: `uv/ok-${next()}`, resource_type: 'video' });
    });

    it('refuses an unknown media type, document category or health test type', async function () {
      const { petNum } = await createPet(db);
      await expectRefused(
        db('media').insert({ pet_num: petNum, media_type: 'audio', public_id: `ua/${next()}`, resource_type: 'raw' }),
        'media_media_type',
      );
      const document = { pet_num: petNum, media_type: 'document', resource_type: 'raw' };
      await expectRefused(
        db('media').insert({ ...document, public_id: `docs/${next()}`, document_category: 'Receipt' }),
        'media_document_category',
      );
      await expectRefused(
        db('media').insert({
          ...document,
          public_id: `docs/${next()}`,
          document_category: 'Health & Veterinary',
          document_record_type: 'Teeth',
        }),
        'media_document_record_type',
      );
      await db('media').insert({
        ...document,
        public_id: `docs/${next()}`,
        document_description: 'Hip X-rays',
        document_category: 'Health & Veterinary',
        document_record_type: 'Allergies/Serum_IgE',
        document_year: 2024,
      });
    });

    it('refuses feedback text over 500 characters and keeps 500', async function () {
      const base = { page: 'health', variant: 'a', is_helpful: true };
      await expectRefused(db('feedback').insert({ ...base, additional_text: 'x'.repeat(501) }), 'feedback_additional_text_length');
      await db('feedback').insert({
        ...base,
        additional_text: 'x'.repeat(500),
        selected_feedback: ['specific', 'easy to understand'],
        page_variables: JSON.stringify({ condition: 'MDR1' }),
      });
    });

    it('refuses an empty or blank message body', async function () {
      const userId = await createUser(db);
      const [conversation] = await db('conversations').insert({ created_by_user_id: userId }).returning('id');
      const message = { conversation_id: conversation.id, created_by_user_id: userId };
      await expectRefused(db('messages').insert({ ...message, body: '' }), 'messages_body_not_blank');
      await expectRefused(db('messages').insert({ ...message, body: ' \n\t ' }), 'messages_body_not_blank');
      await expectRefused(db('messages').insert({ ...message, body: 'x'.repeat(5001) }), 'messages_body_length');
      await db('messages').insert({ ...message, body: '<script>alert(1)</script>' });
    });

    it("refuses the life stage 'Teen' and accepts the spec's five", async function () {
      for (const lifeStage of ['Puppy', 'YoungAdult', 'MatureAdult', 'Senior', 'Geriatric']) {
        const { petNum } = await createPet(db);
        await db('genetic_stats').insert({ pet_num: petNum, life_stage: lifeStage });
      }
      const { petNum } = await createPet(db);
      await expectRefused(db('genetic_stats').insert({ pet_num: petNum, life_stage: 'Teen' }), 'genetic_stats_life_stage');
    });

    it('refuses unknown product types, kit box keys without EM- and short swab codes', async function () {
      await expectRefused(
        db('kits').insert({ box_key: 'XX-0001', order_sku: 'sku', product_type: 'BreedAndAncestry' }),
        'kits_box_key_format',
      );
      await expectRefused(
        db('kits').insert({ box_key: `EM-${next()}`, order_sku: 'sku', product_type: 'Wellness' }),
        'kits_product_type',
      );
      await expectRefused(
        db('swabs').insert({ swab_code: 'SHORT', product_type: 'Vet' }),
        'swabs_swab_code_length',
      );
      await expectRefused(
        db('swabs').insert({
          swab_code: `SWAB-${String(next()).padStart(8, '0')}`,
          product_type: 'Vet',
          swab_state: 'lost',
          activated_at: db.fn.now(),
        }),
        'swabs_swab_state',
      );
      const [kit] = await db('kits')
        .insert({ box_key: `EM-TEST-${next()}`, order_sku: 'EMK-CONSUMER', product_type: 'ComprehensiveConsumer' })
        .returning('id');
      await db('swabs').insert({ swab_code: `SWAB-${String(next()).padStart(8, '0')}`, kit_id: kit.id, product_type: 'ComprehensiveConsumer' });
    });

    it('refuses an unknown survey category type, relatedness category or health call', async function () {
      await expectRefused(db('survey_categories').insert({ category: 'Fun' }), 'survey_categories_category');
      const a = await createPet(db);
      const b = await createPet(db);
      const relative = { pet_num_a: a.petNum, pet_num_b: b.petNum, kinship: 0.25, display_relatedness: 'Shares 50.0% of DNA' };
      await expectRefused(db('relatives').insert({ ...relative, category: 'cousin' }), 'relatives_category');
      await expectRefused(
        db('relatives').insert({ ...relative, pet_num_a: b.petNum, pet_num_b: a.petNum, category: 'close_family' }),
        'relatives_ordered_pair',
      );
      await db('relatives').insert({ ...relative, category: 'immediate_family' });
      const [condition] = await db('health_conditions')
        .insert({ slug: `mdr1-${next()}`, name: 'MDR1 Drug Sensitivity', gene: 'ABCB1', mode_of_inheritance: 'autosomal_recessive', severity: 'moderate' })
        .returning('id');
      await expectRefused(
        db('health_results').insert({ pet_num: a.petNum, health_condition_id: condition.id, call: 'sick', result_text: 'x' }),
        'health_results_call',
      );
      await db('health_results').insert({ pet_num: a.petNum, health_condition_id: condition.id, call: 'at_risk', result_text: 'At risk' });
    });

    it('refuses a genotype whose packed calls do not hold 2 bits a marker', async function () {
      const { petNum } = await createPet(db);
      const [swab] = await db('swabs')
        .insert({ swab_code: `SWAB-${String(next()).padStart(8, '0')}`, product_type: 'Vet', pet_num: petNum, swab_state: 'received', activated_at: db.fn.now() })
        .returning('id');
      const [sample] = await db('samples').insert({ swab_id: swab.id }).returning('id');
      const [panel] = await db('marker_panels').insert({ name: `panel-${next()}`, marker_count: 10, markers_sha256: 'a'.repeat(64), marker_ids: await createMarkers(db, 10) }).returning('id');
      const genotype = { sample_id: sample.id, pet_num: petNum, panel_id: panel.id, marker_count: 10, call_rate: 0.98, source_format: 'simulated' };
      await expectRefused(db('genotypes').insert({ ...genotype, calls: Buffer.alloc(2) }), 'genotypes_calls_length');
      await db('genotypes').insert({ ...genotype, calls: Buffer.from([0b00011011, 0xff, 0x0f]) });
      const row = await db('genotypes').where({ sample_id: sample.id }).first();
      expect(Buffer.from(row.calls)).to.deep.equal(Buffer.from([0b00011011, 0xff, 0x0f]));
    });

    it('refuses a panel whose ordered marker ids do not match its marker count, and keeps a marker a panel uses', async function () {
      const markerIds = await createMarkers(db, 3);
      const panel = { name: `panel-${next()}`, marker_count: 3, markers_sha256: String(next()).padStart(64, 'b') };
      await expectRefused(db('marker_panels').insert({ ...panel, marker_ids: markerIds.slice(0, 2) }), 'marker_panels_markers');
      await expectRefused(db('marker_panels').insert({ ...panel, marker_ids: [markerIds[0], null, markerIds[2]] }), 'marker_panels_markers');
      // an array panel keeps its markers in its row: one allele letter a marker, no marker ids
      const arrayPanel = { ...panel, marker_ids: [], probe_names: 'a b c', chromosome_list: '1 1 2', position_list: '10 20 5', ref_alleles: 'ACG', alt_alleles: 'GTN' };
      await expectRefused(db('marker_panels').insert({ ...arrayPanel, alt_alleles: 'GT' }), 'marker_panels_markers');
      await expectRefused(db('marker_panels').insert({ ...arrayPanel, marker_ids: markerIds }), 'marker_panels_markers');
      await db('marker_panels').insert({ ...arrayPanel, name: `array-${next()}`, markers_sha256: String(next()).padStart(64, 'e') });
      await db('marker_panels').insert({ ...panel, marker_ids: markerIds });
      let error: unknown;
      try {
        await db('markers').where({ id: markerIds[1] }).delete();
      } catch (caught) {
        error = caught;
      }
      expect((error as Error | undefined)?.message).to.contain(`marker ${markerIds[1]} is in a marker panel`);
      const [unused] = await createMarkers(db, 1);
      await db('markers').where({ id: unused }).delete();
      expect(await db('markers').whereIn('id', [unused, markerIds[1]]).pluck('id')).to.deep.equal([markerIds[1]]);
    });

    it('refuses an outbox row in an unknown status, and a sent row without sent_at', async function () {
      const mail = { to_address: 'parent@demo.test', subject: 'Results are in', text: 'Hello' };
      await expectRefused(db('outbox').insert({ ...mail, status: 'queued' }), 'outbox_status');
      await expectRefused(db('outbox').insert({ ...mail, status: 'sent' }), 'outbox_sent_at');
      await db('outbox').insert(mail);
    });
  });

  describe('unique constraints', function () {
    it('keeps one like per user per media', async function () {
      const userId = await createUser(db);
      const { petNum } = await createPet(db, userId);
      const [media] = await db('media')
        .insert({ pet_num: petNum, media_type: 'image', public_id: `ui/like-${next()}`, resource_type: 'image' })
        .returning('id');
      await db('media_likes').insert({ media_id: media.id, user_id: userId });
      await expectRefused(db('media_likes').insert({ media_id: media.id, user_id: userId }), 'media_likes_pkey');
    });

    it('keeps one view row per pet per day, counted by upsert', async function () {
      const { petNum } = await createPet(db);
      const view = { pet_num: petNum, viewed_at_date: '2026-11-21' };
      await db('profile_views_by_day').insert(view);
      await expectRefused(db('profile_views_by_day').insert(view), 'profile_views_by_day_pkey');
      await db('profile_views_by_day')
        .insert(view)
        .onConflict(['pet_num', 'viewed_at_date'])
        .merge({ view_count: db.raw('profile_views_by_day.view_count + 1') });
      const row = await db('profile_views_by_day').where({ pet_num: petNum }).first();
      expect(row).to.deep.include({ viewed_at_date: '2026-11-21', view_count: 2 });
    });

    it('keeps one location of each type per pet', async function () {
      const { petNum } = await createPet(db);
      await db('locations').insert({ pet_num: petNum, location_type: 'live', address_input: 'a' });
      await expectRefused(
        db('locations').insert({ pet_num: petNum, location_type: 'live', address_input: 'b' }),
        'locations_pet_type_unique',
      );
    });
  });

  describe('deleting a pet', function () {
    it('removes what belongs to the dog and keeps the lab sample and others’ records', async function () {
      const ownerId = await createUser(db);
      const otherId = await createUser(db);
      const pet = await createPet(db, ownerId);
      const other = await createPet(db, otherId);
      const breedId = await createBreed(db);

      const [media] = await db('media')
        .insert({ pet_num: pet.petNum, media_type: 'image', public_id: `ui/del-${next()}`, resource_type: 'image' })
        .returning('id');
      await db('media_likes').insert({ media_id: media.id, user_id: otherId });
      await db('locations').insert({ pet_num: pet.petNum, location_type: 'born', address_input: 'x' });
      await db('breed_mix_rows').insert({ pet_num: pet.petNum, breed_id: breedId, pct: 100, color_index: 1, rank: 1 });
      await db('relatives').insert({
        pet_num_a: Math.min(pet.petNum, other.petNum),
        pet_num_b: Math.max(pet.petNum, other.petNum),
        kinship: 0.25,
        category: 'immediate_family',
        display_relatedness: 'Shares 50.0% of DNA',
      });
      const [swab] = await db('swabs')
        .insert({ swab_code: `SWAB-${String(next()).padStart(8, '0')}`, product_type: 'BreedAndAncestry', pet_num: pet.petNum, swab_state: 'activated', activated_at: db.fn.now() })
        .returning('id');
      const [conversation] = await db('conversations').insert({ created_by_user_id: otherId, about_pet_num: pet.petNum }).returning('id');
      await db('feedback').insert({ page: 'summary', is_helpful: false, pet_uuid: pet.id, user_id: ownerId });
      const [practice] = await db('vet_practices').insert({ name: 'Main Street Vets' }).returning('id');
      await db('practice_patients').insert({ practice_id: practice.id, pet_num: pet.petNum, client_name: 'Pat Parent' });

      await db('pets').where({ pet_num: pet.petNum }).delete();

      for (const table of ['pet_owners', 'locations', 'breed_mix_rows', 'media', 'practice_patients']) {
        expect(await db(table).where({ pet_num: pet.petNum }), table).to.deep.equal([]);
      }
      expect(await db('media_likes').where({ media_id: media.id })).to.deep.equal([]);
      expect(await db('relatives').where({ pet_num_a: pet.petNum }).orWhere({ pet_num_b: pet.petNum })).to.deep.equal([]);
      expect(await db('swabs').where({ id: swab.id }).first()).to.include({ pet_num: null, swab_state: 'activated' });
      expect(await db('conversations').where({ id: conversation.id }).first()).to.include({ about_pet_num: null });
      expect(await db('feedback').where({ user_id: ownerId }).first()).to.include({ pet_uuid: null });
      expect(await db('pets').where({ pet_num: other.petNum })).to.have.length(1);
      expect(await db('vet_practices').where({ id: practice.id })).to.have.length(1);
    });
  });

  // Last: mocha runs a suite's own tests before its nested suites.
  describe('migrations', function () {
    it("moves a panel's ordered markers to the panel_markers table and back (0019)", async function () {
      const markerIds = await createMarkers(db, 3);
      const order = [markerIds[2], markerIds[0], markerIds[1]];
      const [condition] = await db('health_conditions')
        .insert({ slug: `pra-${next()}`, name: `PRA ${next()}`, gene: 'PRCD', mode_of_inheritance: 'autosomal_recessive', severity: 'high' })
        .returning('id');
      await db('marker_variants').insert({ marker_id: markerIds[0], health_condition_id: condition.id, allele_label: 'a' });
      const [panel] = await db('marker_panels').insert({ name: `panel-${next()}`, marker_count: 3, markers_sha256: String(next()).padStart(64, 'c'), marker_ids: order }).returning('id');
      const directory = fileURLToPath(new URL('../../../migrations', import.meta.url));
      await db('marker_panels').whereNotNull('probe_names').delete();
      await db.migrate.down({ directory, loadExtensions: ['.ts'], name: '20261122000020_array_panels_in_row.ts' });
      await db.migrate.down({ directory, loadExtensions: ['.ts'], name: '20261122000019_panel_marker_arrays.ts' });
      expect(await db('panel_markers').where({ panel_id: panel.id }).orderBy('idx').select('idx', 'marker_id')).to.deep.equal(order.map((id, idx) => ({ idx, marker_id: id })));
      expect(await db.schema.hasColumn('marker_panels', 'marker_ids')).to.equal(false);
      expect(await db('markers').where({ id: markerIds[0] }).first('health_condition_id', 'allele_label')).to.deep.equal({ health_condition_id: condition.id, allele_label: 'a' });
      await migrateToLatest(db);
      expect(await db('marker_variants').whereIn('marker_id', markerIds).select('marker_id', 'trait_locus_id', 'health_condition_id', 'allele_label')).to.deep.equal([
        { marker_id: markerIds[0], trait_locus_id: null, health_condition_id: condition.id, allele_label: 'a' },
      ]);
      expect(await db.schema.hasTable('panel_markers')).to.equal(false);
      expect((await db('marker_panels').where({ id: panel.id }).first('marker_ids')).marker_ids).to.deep.equal(order);
    });

    it("moves an array panel's markers into its row (0020), keeping the lab panel's marker ids", async function () {
      const directory = fileURLToPath(new URL('../../../migrations', import.meta.url));
      await db('marker_panels').whereNotNull('probe_names').delete();
      await db.migrate.down({ directory, loadExtensions: ['.ts'], name: '20261122000020_array_panels_in_row.ts' });
      const markerIds = await createMarkers(db, 3);
      const order = [markerIds[1], markerIds[0], markerIds[2]];
      const [array] = await db('marker_panels').insert({ name: `array-${next()}`, marker_count: 3, markers_sha256: String(next()).padStart(64, 'd'), marker_ids: order }).returning('id');
      const [lab] = await db('marker_panels').insert({ name: `simulated-${next()}`, marker_count: 3, markers_sha256: String(next()).padStart(64, 'f'), marker_ids: markerIds }).returning('id');
      await migrateToLatest(db);
      const moved = await db('marker_panels').where({ id: array.id }).first('marker_ids', 'probe_names', 'chromosome_list', 'position_list', 'ref_alleles', 'alt_alleles');
      const markers = await db('markers').whereIn('id', order).select('id', 'name', 'position');
      const byId = new Map(markers.map((m: { id: number; name: string; position: number }) => [m.id, m]));
      expect(moved).to.deep.equal({
        marker_ids: [],
        probe_names: order.map((id) => byId.get(id)!.name).join(' '),
        chromosome_list: '38 38 38',
        position_list: order.map((id) => byId.get(id)!.position).join(' '),
        ref_alleles: 'AAA',
        alt_alleles: 'GGG',
      });
      expect((await db('marker_panels').where({ id: lab.id }).first('marker_ids', 'probe_names'))).to.deep.equal({ marker_ids: markerIds, probe_names: null });
      // down refuses while array panels keep their markers in their row
      await db('marker_panels').where({ id: array.id }).delete();
    });

    it('rolls back every migration and migrates again', async function () {
      await rollbackAll(db);
      expect(await tableNames(db)).to.deep.equal([]);
      await migrateToLatest(db);
      expect(await tableNames(db)).to.have.members(EXPECTED_TABLES);
      expect(await db('onboarding_checklist_items').count({ n: '*' }).first()).to.deep.equal({ n: 7 });
    });
  });
});
