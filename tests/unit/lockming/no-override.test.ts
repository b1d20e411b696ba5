// Honesty by inspection (issue 25): no route, CLI command or column sets a rate already promised or
// an interest amount. A position keeps the rate and daily interest it was locked with; payouts and
// endings are written once (keys) and never changed (append-only on both engines); the only UPDATEs
// of the area fill in a lock's ledger transaction id and edit a product before it opens.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { allMigrations } from '../../../server/app';
import { ddlFor } from '../../../server/db';
import { migrate } from '../../../server/db/migrate';
import { LOCKMING_DDL } from '../../../server/lockming/schema';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIR = path.join(ROOT, 'server/lockming');
const sources = () =>
  fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [f, fs.readFileSync(path.join(DIR, f), 'utf8')] as const);

describe('no override of a promise', () => {
  it('payouts and endings are append-only on both engines', () => {
    for (const engine of ['sqlite', 'postgres'] as const) {
      const ddl = LOCKMING_DDL(ddlFor(engine)).join('\n');
      for (const table of ['lockming_payouts', 'lockming_endings']) {
        expect(ddl).toContain(`${table}_no_update`);
        expect(ddl).toContain(`${table}_no_delete`);
      }
    }
  });

  it('the only updates fill in the lock transaction and edit a product not yet open', () => {
    const updates = sources().flatMap(([file, text]) =>
      [...text.matchAll(/(['`])\s*update\s+(\w+)\s+set\s+([^'`]*)\1/gi)].map(
        (m) => `${file}: ${m[2]} ${m[3]!.trim()}`,
      ),
    );
    expect(updates).toHaveLength(2);
    expect(updates.find((u) => u.includes('lockming_positions'))).toMatch(
      /lockming_positions lock_tx_id = \? where id = \?$/,
    );
    expect(updates.find((u) => u.includes('lockming_products'))).toMatch(/where id = \? and opens_at > \?$/);
  });

  it('operator routes create and edit products, move the reserve and read; none writes a payout or a position', () => {
    const routes = sources().flatMap(([, text]) =>
      [...text.matchAll(/ops\.add\('(GET|POST)', '([^']+)'/g)].map((m) => `${m[1]} ${m[2]}`),
    );
    expect(routes.sort()).toEqual([
      'GET lockming/position',
      'GET lockming/products',
      'GET lockming/reserves',
      'POST lockming/products/create',
      'POST lockming/products/edit',
      'POST lockming/reserve',
    ]);
  });

  it('the database refuses to change or remove a payout', async () => {
    const sqlite = new SQLite(':memory:');
    const k = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      await migrate(k, allMigrations());
      sqlite.exec(`insert into users (id, account, account_kind, password_hash, promo_code, created_at)
        values (1, 'u1@example.com', 'email', 'x', 'INV1', 1)`);
      sqlite.exec(`insert into lockming_products (kind, coin, name, days, daily_rate, min_units, total_units,
        early_redeem, opens_at, closes_at, created_by, created_at, updated_at)
        values ('lock', 'USDT', 'P', 5, '0.001', 1, null, 1, 0, null, 'op', 0, 0)`);
      sqlite.exec(`insert into lockming_positions (user_id, product_id, coin, principal_units, daily_rate,
        daily_units, days, locked_at, matures_at, lock_tx_id) values (1, 1, 'USDT', 100, '0.001', 0, 5, 0, 1, 1)`);
      sqlite.exec(`insert into lockming_payouts values (1, 1, 0, 'interest', 100, '0.001', 0, 2)`);
      expect(() => sqlite.exec('update lockming_payouts set amount_units = 999')).toThrow(
        /a payout is final/,
      );
      expect(() => sqlite.exec('delete from lockming_payouts')).toThrow(/a payout is final/);
      expect(() =>
        sqlite.exec(`insert into lockming_payouts values (1, 1, 0, 'interest', 100, '0.001', 0, 3)`),
      ).toThrow(/UNIQUE|PRIMARY/);
    } finally {
      await k.destroy();
    }
  });
});
