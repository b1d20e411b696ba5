/**
 * The shape of the code in figures (issue "One shape per area", docs/architecture.md): imports
 * that reach into another area's files instead of its face, import circles, SQL naming another
 * area's tables, files over 400 lines and functions over 120 lines. `npx tsx scripts/arch-report.ts`
 * prints them; `--json` prints the raw lists. The same analysis backs tests/unit/arch/*.test.ts.
 */
import { archReport } from './arch/report';

const report = archReport(process.cwd());
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const rows: [string, number][] = [
    ['deep imports into another area (server, worker, src/pages)', report.deepImports.length],
    ["the route table's lazy page loaders (allowed, not counted above)", report.lazyPageLoaders.length],
    ['import circles (strongly connected groups, type-only included)', report.circles.length],
    ['files inside import circles', report.circles.reduce((n, c) => n + c.length, 0)],
    ["SQL statements naming another area's table", report.foreignSql.length],
    ['files over 400 lines', report.longFiles.length],
    ['functions over 120 lines', report.longFunctions.length],
  ];
  for (const [label, n] of rows) console.log(`${String(n).padStart(5)}  ${label}`);
  const byTier = new Map<string, number>();
  for (const d of report.deepImports) byTier.set(d.tier, (byTier.get(d.tier) ?? 0) + 1);
  const perTier = [...byTier].map(([t, n]) => `${t} ${n}`).join(', ');
  console.log(`       deep imports per tier: ${perTier || 'none'}`);
}
