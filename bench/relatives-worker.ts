// One worker process of the relative-matching bench (bench/relatives-split.ts): opens the lab, reads
// every stored genotype into its relatives index (as a long-running worker has), says so, then takes
// relatives.match jobs until it is killed.
import { openDatabase } from '../server/db/index.js';
import { openLab } from '../server/lab/lab.js';
import { DEFAULT_LAB_OPTIONS } from '../server/lab/options.js';
import { catchUpRelativeIndex } from '../server/lab/relative-matching.js';
import { relativeMatchingJob } from '../server/lab/relatives-job.js';
import { createJobWorkers } from '../server/jobs/workers.js';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const lab = await openLab(database.db, DEFAULT_LAB_OPTIONS);
await catchUpRelativeIndex(database.db, lab);
const workers = createJobWorkers(database.db, [relativeMatchingJob(database.db, DEFAULT_LAB_OPTIONS)], { pollingIntervalSeconds: 0.5 });
await workers.start();
process.send?.({ ready: lab.relativeIndex.size });
