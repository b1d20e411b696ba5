import { configDefaults, defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant (`npm run mutation`, stryker.config.mjs): unit tests
// only. Integration tests start a server per file and e2e tests a browser, far too slow to run once
// per mutant on this machine; the money paths they cover are reached by unit tests that build the
// services over an in-memory database instead. The UI and worker tests are left out: they test
// pages and the data core, not the money rules, and one failing there would stop the whole run
// (Stryker refuses to start when a test fails on the unmutated code). The architecture tests read
// the sources as files: in Stryker's sandbox those are instrumented (longer, with other imports),
// and they test the code's shape, not its money.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'tests/unit/ui/**', 'tests/unit/worker/**', 'tests/unit/arch/**'],
    environment: 'node',
    // Instrumented code on a shared, busy machine: a property test can take far longer than usual.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
