// A reproducible random order for a test run (TEST_SHUFFLE=<seed>): the test files (shuffled.cjs),
// and with TEST_SHUFFLE_TESTS=1 the tests within each file too (shuffleTests, called by the root
// hook of test/support/hooks.ts).
const { globSync } = require('glob');

/** A small seeded generator (mulberry32): the same seed gives the same order on every machine. */
function random(seed) {
  let state = [...String(seed)].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(items, next) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** The files of `patterns`, in the order TEST_SHUFFLE draws. */
function shuffledFiles(patterns, seed) {
  return shuffle([...new Set(patterns.flatMap((pattern) => globSync(pattern).sort()))], random(seed));
}

/** Shuffles the tests of `suite` and of every suite in it, in place, by TEST_SHUFFLE and the suite's title. */
function shuffleTests(suite) {
  const seed = process.env.TEST_SHUFFLE;
  if (!seed || !process.env.TEST_SHUFFLE_TESTS) return;
  const next = random(`${seed}:${suite.fullTitle()}`);
  suite.tests.splice(0, suite.tests.length, ...shuffle(suite.tests, next));
  suite.suites.splice(0, suite.suites.length, ...shuffle(suite.suites, next));
  for (const child of suite.suites) shuffleTests(child);
}

module.exports = { shuffledFiles, shuffleTests };
