import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBankModule } from '../../../server/assets/module';
import { BANK_DDL } from '../../../server/assets/bank/schema';
import type { Engine } from '../../../server/db';
import { sqliteEngine } from '../../../server/db/module';
import { UploadClaims, UploadStore } from '../../../server/shared/uploads';

const HOUR = 3_600_000;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

let dir: string;
let sqlite: SQLite.Database;
let engine: Engine;
let now: number;
let store: UploadStore;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-sweep-'));
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table users (id integer primary key)');
  sqlite.exec('insert into users (id) values (1)');
  for (const stmt of BANK_DDL) sqlite.exec(stmt);
  engine = sqliteEngine(sqlite);
  now = 1_700_000_000_000;
  // The claims the bank module declares: a deposit's proof is kept.
  store = new UploadStore(engine, dir, new UploadClaims(engine, createBankModule().uploadClaims!), () => now);
});
afterEach(async () => {
  await engine.close();
  sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const attach = (proofId: string) =>
  sqlite
    .prepare(
      `insert into bank_deposits (user_id, amount, currency, coin, credit, rate, payer_name, reference,
         proof_id, card_bank, card_number, status, created_at)
       values (1, 100, 'USD', 'USDT', 100000000, '1', 'A B', 'ref', ?, 'Bank', '622202000000', 'review', ?)`,
    )
    .run(proofId, now);
const exists = (id: string) => fs.existsSync(path.join(dir, id));

describe('UploadStore.sweepUnattached', () => {
  it('removes old images no deposit uses, row and file, and keeps the rest', async () => {
    const oldLoose = await store.save(1, 'image/png', PNG);
    const oldUsed = await store.save(1, 'image/png', PNG);
    attach(oldUsed.id);
    now += 25 * HOUR;
    const fresh = await store.save(1, 'image/png', PNG);

    expect(await store.sweepUnattached(now - 24 * HOUR)).toBe(1);

    expect(await store.get(oldLoose.id)).toBeUndefined();
    expect(exists(oldLoose.id)).toBe(false);
    expect(await store.get(oldUsed.id)).toBeDefined();
    expect(exists(oldUsed.id)).toBe(true);
    expect(await store.get(fresh.id)).toBeDefined();
    expect(exists(fresh.id)).toBe(true);
    expect(await store.sweepUnattached(now - 24 * HOUR)).toBe(0);
  });
});
