import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { BANK_DDL } from '../../../server/assets/bank/schema';
import { sqliteEngine } from '../../../server/db/module';
import { createLegalModule } from '../../../server/legal/module';
import { UploadClaims, UploadStore } from '../../../server/shared/uploads';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-keep-'));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('the sweep of unused uploads keeps the images the fiat area uses (payment codes, evidence, chat)', async () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table users (id integer primary key)');
  sqlite.exec('insert into users (id) values (1)');
  for (const stmt of BANK_DDL) sqlite.exec(stmt);
  sqlite.exec(`create table legal_images (upload_id text primary key references uploads (id), user_id integer,
    purpose text, created_at integer)`);
  const now = 1_700_000_000_000;
  const engine = sqliteEngine(sqlite);
  // The claims the fiat module declares.
  const store = new UploadStore(
    engine,
    dir,
    new UploadClaims(engine, createLegalModule().uploadClaims!),
    () => now,
  );
  const kept = await store.save(1, 'image/png', PNG);
  const unused = await store.save(1, 'image/png', PNG);
  sqlite.prepare(`insert into legal_images values (?, 1, 'method', ?)`).run(kept.id, now);
  expect(await store.sweepUnattached(now + 1)).toBe(1);
  expect(await store.get(kept.id)).toBeDefined();
  expect(await store.get(unused.id)).toBeUndefined();
  expect(fs.existsSync(path.join(dir, kept.id))).toBe(true);
  expect(fs.existsSync(path.join(dir, unused.id))).toBe(false);
  await engine.close();
  sqlite.close();
});
