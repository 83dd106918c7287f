// Matchmaker budget (DESIGN.md, issue 14): the candidates of one dog among 100,000 stored dogs, with
// the offspring COI of each candidate, in under 300 ms. Run alone with BENCH_ONLY=matchmaker.
import type { Db } from '../server/db/index.js';
import { inScratchDatabase } from './scratch-database.js';
import { openLab } from '../server/lab/lab.js';
import { DEFAULT_LAB_OPTIONS } from '../server/lab/options.js';
import { matchmakerCandidates, ownMatchmakerDog } from '../server/breeders/matchmaker-queries.js';
import { parseMatchmakerRequest } from '../server/breeders/matchmaker-rules.js';

const STORED_DOGS = Number(process.env.BENCH_MATCHMAKER_DOGS ?? 100_000);
const RUNS = 7;

/** 100,000 dogs written by SQL: a mix of sexes, privacies, ages, titles, breeds and live locations; 95% with a genotype. */
export async function storePopulation(db: Db): Promise<{ userId: number; petNum: number }> {
  const [{ id: userId }] = await db('users').insert({ email: 'matchmaker@bench.test', name: 'Bench Kennel', password_hash: 'x', is_breeder: true, show_match_maker: true }).returning('id');
  const [{ id: swabId }] = await db('swabs').insert({ swab_code: 'BENCHMATCH0001', swab_state: 'released', product_type: 'ComprehensiveBreeder', activated_at: db.fn.now() }).returning('id');
  const [{ id: sampleId }] = await db('samples').insert({ swab_id: swabId }).returning('id');
  // the candidates' genotypes are never read by the matchmaker, only their existence: one byte each on the lab's panel
  const { panelId } = await openLab(db, DEFAULT_LAB_OPTIONS);
  await db.raw(
    `insert into pets (name, handle, sex, date_of_birth, privacy, exclude_from_matchmaker, is_hidden, prefix_titles)
     select 'Dog ' || i, 'bench-dog-' || i, case when i % 2 = 0 then 'f' else 'm' end, current_date - (i % 5000),
            case when i % 20 = 0 then 'private' when i % 7 = 0 then 'public-private' else 'public' end,
            i % 50 = 0, i % 97 = 0, case when i % 10 = 0 then array['CH'] else '{}' end
     from generate_series(1, ?) as i`,
    [STORED_DOGS],
  );
  const petNum = (await db('pets').orderBy('pet_num').first('pet_num')).pet_num as number;
  await db('pet_owners').insert({ pet_num: petNum, user_id: userId, permission: 'edit' });
  await db.raw(
    `insert into genotypes (sample_id, pet_num, panel_id, marker_count, calls, call_rate, source_format, source_sha256)
     select ?, pet_num, ?, 4, '\\x00'::bytea, 1, 'simulated', md5(pet_num::text) || md5(pet_num::text || 'x')
     from pets where pet_num % 20 <> 3`,
    [sampleId, panelId],
  );
  const breeds: number[] = (await db('breeds').orderBy('id').limit(20).select('id')).map((row: { id: number }) => row.id);
  await db.raw(
    `insert into breed_mix_rows (pet_num, breed_id, pct, color_index, rank)
     select pet_num, (?::int[])[1 + pet_num % ?], 100, 1, 1 from pets`,
    [breeds, breeds.length],
  );
  await db.raw(
    `insert into locations (pet_num, location_type, formatted_address, lng_lat)
     select pet_num, 'live', 'Somewhere', array[-124 + (pet_num::bigint * 7919 % 5700) / 100.0, 25 + (pet_num::bigint * 104729 % 2300) / 100.0]
     from pets where pet_num % 5 <> 0`,
  );
  await db.raw(
    `insert into relatives (pet_num_a, pet_num_b, kinship, category, display_relatedness)
     select ?, ? + 2 * k, 0.005 + (k % 50) / 200.0, 'distant_relative', 'shares some DNA' from generate_series(1, 300) as k`,
    [petNum, petNum],
  );
  await db.raw('analyze');
  return { userId, petNum };
}

export async function benchMatchmaker(): Promise<string[]> {
  return inScratchDatabase('matchmaker', async (db, kind) => {
    const loadStarted = performance.now();
    const { userId, petNum } = await storePopulation(db);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const requests: [string, Record<string, unknown>][] = [
      ['first page by offspring COI', { draw: 1, start: 0, length: 10 }],
      ['filters: within 500 mi, COI <= 6.25%, ages 2-8, one breed', { length: 10, filters: { maxDistanceMiles: 500, maxOffspringCoi: 6.25, minAgeYears: 2, maxAgeYears: 8, breed: (await db('breeds').orderBy('id').offset(2).first('slug')).slug } }],
      ['ordered by distance, page 50', { start: 500, length: 10, order: [{ column: 4, dir: 'asc' }] }],
      ['search "Dog 12", 100 a page', { length: 100, search: { value: 'Dog 12' } }],
      ['titled (CH), all rows', { length: -1, filters: { title: 'CH' } }],
    ];
    const lines: string[] = [];
    for (const [label, input] of requests) {
      const times: number[] = [];
      let total = 0;
      let filtered = 0;
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const dog = (await ownMatchmakerDog(db, userId, petNum))!;
        const page = await matchmakerCandidates(db, dog, parseMatchmakerRequest(input));
        times.push(performance.now() - started);
        [total, filtered] = [page.recordsTotal, page.recordsFiltered];
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(RUNS / 2)];
      lines.push(`matchmaker on ${kind}, ${STORED_DOGS.toLocaleString('en-US')} stored dogs (${total.toLocaleString('en-US')} candidates, ${filtered.toLocaleString('en-US')} after filters), ${label}: median ${median.toFixed(0)} ms, slowest ${times[RUNS - 1].toFixed(0)} ms of ${RUNS} (budget < 300 ms): ${median < 300 ? 'OK' : 'OVER BUDGET'}`);
    }
    lines.push(`matchmaker population of ${STORED_DOGS.toLocaleString('en-US')} dogs stored in ${loadSeconds.toFixed(1)} s`);
    return lines;
  });
}
