// Lever order rows and receipts are queued by the commands of a writer batch and written when it
// flushes (server/lever/row-writes.ts): each order once in its last state, with multi-row
// statements, receipts after the orders they name; a failed command takes back what it queued, a
// failed batch writes nothing, and a read inside the batch sees what it queued.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettlementReceipt } from '../../../domain';
import { allMigrations } from '../../../server/app';
import type { Engine } from '../../../server/db';
import { migrate, sqliteEngine } from '../../../server/db/module';
import { LeverStore, type LeverRow } from '../../../server/lever/store';
import { leverRow } from './lever-harness';

let sqlite: SQLite.Database;
let engine: Engine;
let store: LeverStore;
/** The statements that wrote lever rows, as the writer's connection ran them. */
let written: string[];

beforeEach(async () => {
  sqlite = new SQLite(':memory:');
  const k = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(k, allMigrations());
  sqlite.exec(`insert into users (id, account, account_kind, password_hash, promo_code, level, created_at)
    values (1, 'u1', 'mobile', 'x', 'P1', 'member', 0)`);
  engine = sqliteEngine(sqlite);
  const conn = engine.writer.conn;
  const run = conn.run.bind(conn);
  written = [];
  conn.run = (def, params, bigints) => {
    const table = /into (lever_orders|lever_receipts)/.exec(def.text)?.[1];
    if (table) written.push(`${table} ×${params.length}`);
    return run(def, params, bigints);
  };
  store = new LeverStore(engine);
});

afterEach(async () => {
  await engine.close();
  sqlite.close();
});

/** User 1's open long `id` (the harness's row). */
const order = (id: number, over: Partial<LeverRow> = {}): LeverRow => leverRow({ id, ...over });

const receipt = (ts: number): SettlementReceipt => ({
  rule: 'open',
  trades: [],
  amounts: [],
  ledgerTxId: 1,
  ts,
});

const rowsOf = () =>
  sqlite.prepare('select id, status, tp_ticks from lever_orders order by id').all() as Array<{
    id: number;
    status: string;
    tp_ticks: number | null;
  }>;
const receiptsOf = () =>
  sqlite.prepare('select order_id, created_at from lever_receipts order by id').all() as Array<{
    order_id: number;
    created_at: number;
  }>;

describe('lever row writes', () => {
  it('writes a batch’s orders once each, in their last state, with multi-row statements', async () => {
    await Promise.all([
      ...[1, 2, 3, 4, 5].map((id) =>
        engine.writer.run(() => {
          store.queueSave(order(id));
          store.queueReceipt(id, receipt(id));
          return Promise.resolve();
        }),
      ),
      engine.writer.run(() => {
        store.queueSave(order(2, { tpTicks: 7_000_000 }));
        return Promise.resolve();
      }),
    ]);
    expect(engine.writer.stats.batches).toBe(1);
    // Five orders (29 columns): one statement of four rows and one of one; the receipts likewise, after them.
    expect(written).toEqual([
      'lever_orders ×116',
      'lever_orders ×29',
      'lever_receipts ×16',
      'lever_receipts ×4',
    ]);
    expect(rowsOf()).toEqual([
      { id: 1, status: 'trading', tp_ticks: null },
      { id: 2, status: 'trading', tp_ticks: 7_000_000 },
      { id: 3, status: 'trading', tp_ticks: null },
      { id: 4, status: 'trading', tp_ticks: null },
      { id: 5, status: 'trading', tp_ticks: null },
    ]);
    expect(receiptsOf().map((r) => r.order_id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('takes back what a failed command queued, and keeps its batch’s other commands', async () => {
    const kept = engine.writer.run(() => {
      store.queueSave(order(1));
      store.queueReceipt(1, receipt(1));
      return Promise.resolve();
    });
    const failed = engine.writer.run(() => {
      store.queueSave(order(1, { status: 'closed' }));
      store.queueSave(order(2));
      store.queueReceipt(2, receipt(2));
      return Promise.reject(new Error('refused'));
    });
    const later = engine.writer.run(() => {
      store.queueSave(order(3));
      return Promise.resolve();
    });
    await kept;
    await expect(failed).rejects.toThrow('refused');
    await later;
    expect(rowsOf()).toEqual([
      { id: 1, status: 'trading', tp_ticks: null },
      { id: 3, status: 'trading', tp_ticks: null },
    ]);
    expect(receiptsOf()).toEqual([{ order_id: 1, created_at: 1 }]);
  });

  it('writes nothing of a batch that failed as a whole, and the next batch starts clean', async () => {
    const lost = engine.writer.run(() => {
      store.queueSave(order(1));
      store.queueReceipt(1, receipt(1));
      return Promise.resolve();
    });
    const fault = engine.writer.run(() => Promise.reject(new Error('fault')), { savepoint: false });
    await expect(lost).rejects.toThrow();
    await expect(fault).rejects.toThrow();
    await engine.writer.run(() => {
      store.queueSave(order(2));
      return Promise.resolve();
    });
    expect(rowsOf().map((r) => r.id)).toEqual([2]);
    expect(receiptsOf()).toEqual([]);
  });

  it('shows a read inside the batch what it queued, and a read outside what was committed', async () => {
    await engine.writer.run(() => {
      store.queueSave(order(1));
      return Promise.resolve();
    });
    let inside: LeverRow | undefined;
    let moved!: () => void;
    const hasQueued = new Promise<void>((resolve) => (moved = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batch = engine.writer.run(async () => {
      store.queueSave(order(1, { status: 'closed', closedAt: 2 }));
      inside = await store.get(1);
      moved();
      await gate;
    });
    await hasQueued;
    const outside = await store.get(1);
    release();
    await batch;
    expect(inside?.status).toBe('closed');
    expect(outside?.status).toBe('trading');
    expect((await store.get(1))?.status).toBe('closed');
  });

  it('keeps the state a row had when it was queued', async () => {
    await engine.writer.run(() => {
      const row = order(1);
      store.queueSave(row);
      row.status = 'closed';
      return Promise.resolve();
    });
    expect(rowsOf()[0]?.status).toBe('trading');
  });

  it('refuses rows queued outside a command', () => {
    expect(() => store.queueSave(order(1))).toThrow(/outside a command/);
  });
});
