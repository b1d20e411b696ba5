/**
 * Runs every `bench/*.bench.ts` file, each in its own Node process (a fresh JIT and heap, so one bench
 * cannot warm up or pollute another), with `--expose-gc` so benches can collect between runs.
 * Usage: `npm run bench` or `npm run bench -- engine` (only files whose name contains "engine").
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
if (files.length === 0) {
  console.error(`no bench/*.bench.ts file matches "${filter}"`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(dir, file)], {
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    failed++;
    console.error(`### ${file} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
