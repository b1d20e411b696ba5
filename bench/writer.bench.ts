/**
 * The one writer's cost per command for the areas that run one command per request (transfers,
 * withdrawals, P2P, options, contracts): commands of one read and one write each, 2,000 queued at once
 * (one batch), on each engine. Each command runs in a savepoint of its own, so on PostgreSQL its
 * round trips (savepoint, read, write) set the pace; the release of a command's savepoint travels
 * with the next command's `savepoint` (server/db/writer.ts).
 * Run: `npm run bench -- writer`. BENCH_PG=0 leaves PostgreSQL out.
 */
import { sql, statementsOf } from '../server/db';
import { BENCH_ENGINES, machineLine, onMachine, openBenchPostgres, openBenchSqlite } from './bench-engines';

const COMMANDS = 2_000;
const ROUNDS = 5;

const DDL = 'create table bench_items (id bigint primary key, owner bigint not null, units bigint not null)';
const ITEMS = {
  // By primary key: each round's reads cost the same however many rows the rounds before wrote.
  units: sql<[id: number], number>('select units from bench_items where id = ?', (r) => Number(r.units)),
  add: sql<[id: number, owner: number, units: number]>(
    'insert into bench_items (id, owner, units) values (?, ?, ?)',
  ),
};

async function main(): Promise<void> {
  console.log(`${machineLine()}; ${COMMANDS} commands a batch, each one read and one write`);
  for (const kind of BENCH_ENGINES) {
    const db = kind === 'postgres' ? await openBenchPostgres(0) : openBenchSqlite({ ddl: [DDL], users: 0 });
    if (kind === 'postgres') await db.engine.writer.run(() => db.engine.writer.conn.exec(DDL));
    const q = statementsOf(db.engine, ITEMS);
    const perCommand: number[] = [];
    let id = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: COMMANDS }, (_, i) =>
          db.engine.writer.run(async () => {
            const units = await q.units.get(id);
            await q.add.run(++id, i % 100, ((units ?? 0) + 1) % 7);
          }),
        ),
      );
      perCommand.push(((performance.now() - t0) * 1_000) / COMMANDS);
    }
    // The first round warms the statements up; the others are the figure.
    const steady = perCommand.slice(1).sort((a, b) => a - b);
    console.log(
      `  ${kind}: ${steady[Math.floor(steady.length / 2)]!.toFixed(0)} µs a command (median of rounds 2–${ROUNDS}; ` +
        `all rounds ${perCommand.map((x) => x.toFixed(0)).join(', ')} µs) ${onMachine(db.settings)}`,
    );
    await db.close();
  }
}

void main();
