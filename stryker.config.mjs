// Mutation testing of the money rules and paths (`npm run mutation`; README "Mutation testing",
// docs/mutation.md). Each mutant is run against the unit tests that cover it (perTest coverage), one
// at a time: this machine's two cores are shared, and a second worker only slows the others down.

/** The files whose mutants must be killed: money arithmetic, its rules, and the code that moves it. */
const MONEY_FILES = [
  'domain/*-math.ts',
  'domain/*-rules.ts',
  'domain/decimal-text.ts',
  'domain/display.ts',
  'server/ledger/*.ts',
  // DDL text and re-exports: nothing to mutate that a test could observe as money.
  '!server/ledger/schema.ts',
  '!server/ledger/index.ts',
  'server/lever/money.ts',
  'server/lever/trigger-book.ts',
  'server/lever/live-book.ts',
  'server/second/option-service.ts',
  'server/legal/escrow.ts',
  'server/legal/order-service.ts',
  'server/identity/rebates.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  // Not `related`: the whole set runs once in the dry run (about 45 s here), so a test that reaches a
  // mutated file only indirectly still counts; coverage per test then picks what each mutant runs.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: MONEY_FILES,
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  concurrency: 1,
  timeoutMS: 10_000,
  // The first run of the whole unit set, instrumented, takes 2 minutes on a quiet machine and passed
  // Stryker's default limit of 5 on a busy one (the ledger's run, 2026-11-28).
  dryRunTimeoutMinutes: 20,
  reporters: ['progress', 'clear-text', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The sandbox needs the sources, tests and locales only; build output and data stay out of it.
  // Anchored at the root: an unanchored `data` also dropped `server/market/data/`, so every test
  // that opens a database with all migrations failed to load inside the sandbox.
  ignorePatterns: ['/dist', '/data', '/.tsbuild', '/reports', '/coverage', '/test-results', '/tmp'],
  tempDirName: '.stryker-tmp',
  thresholds: { high: 90, low: 85, break: null },
};

export default config;
