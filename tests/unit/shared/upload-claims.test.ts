// The upload sweep keeps what an area's module claims (issue 24): server/shared/uploads names no
// area's table; each module declares the columns that keep its uploads, and the server gathers them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultModules } from '../../../server/app';
import type { Engine } from '../../../server/db';
import { sqliteEngine } from '../../../server/db/module';
import type { ServerModule } from '../../../server/module';
import { UPLOADS_DDL, UploadClaims, UploadStore } from '../../../server/shared/uploads';

const HOUR = 3_600_000;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A made-up area that keeps uploads in a table of its own. */
const albumModule: ServerModule = {
  name: 'album',
  uploadClaims: [{ table: 'album_photos', column: 'upload_id' }],
  register() {},
};

let dir: string;
let sqlite: SQLite.Database;
let engine: Engine;
let now: number;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-claims-'));
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table users (id integer primary key)');
  sqlite.exec('insert into users (id) values (1), (2)');
  for (const stmt of UPLOADS_DDL) sqlite.exec(stmt);
  sqlite.exec('create table album_photos (upload_id text primary key references uploads (id))');
  // Names uploads too, but no module claims it: it keeps nothing.
  sqlite.exec('create table album_drafts (upload_id text)');
  engine = sqliteEngine(sqlite);
  now = 1_700_000_000_000;
});
afterEach(async () => {
  await engine.close();
  sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const claimsOf = (modules: readonly ServerModule[]) =>
  new UploadClaims(
    engine,
    modules.flatMap((m) => m.uploadClaims ?? []),
  );
const exists = (id: string) => fs.existsSync(path.join(dir, id));

describe('upload claims', () => {
  it('an upload an area module claims survives the sweep; an old unclaimed one is removed', async () => {
    const store = new UploadStore(engine, dir, claimsOf([albumModule]), () => now);
    const claimed = await store.save(1, 'image/png', PNG);
    const drafted = await store.save(1, 'image/png', PNG);
    const loose = await store.save(1, 'image/png', PNG);
    sqlite.prepare('insert into album_photos values (?)').run(claimed.id);
    sqlite.prepare('insert into album_drafts values (?)').run(drafted.id);
    now += 25 * HOUR;
    const fresh = await store.save(1, 'image/png', PNG);

    expect(await store.sweepUnattached(now - 24 * HOUR)).toBe(2);

    expect(await store.get(claimed.id)).toBeDefined();
    expect(exists(claimed.id)).toBe(true);
    expect(await store.get(fresh.id)).toBeDefined();
    for (const gone of [drafted, loose]) {
      expect(await store.get(gone.id)).toBeUndefined();
      expect(exists(gone.id)).toBe(false);
    }
  });

  it('without the claim, the same upload is swept', async () => {
    const store = new UploadStore(engine, dir, claimsOf([]), () => now);
    const photo = await store.save(1, 'image/png', PNG);
    sqlite.prepare('insert into album_photos values (?)').run(photo.id);
    // The foreign key would refuse the delete; the point is that nothing spares the upload.
    sqlite.pragma('foreign_keys = off');
    expect(await store.sweepUnattached(now + 1)).toBe(1);
    expect(exists(photo.id)).toBe(false);
  });

  it('tells whether an upload is claimed, and free for its owner only while unclaimed', async () => {
    const claims = claimsOf([albumModule]);
    const store = new UploadStore(engine, dir, claims, () => now);
    const a = await store.save(1, 'image/png', PNG);
    expect(await claims.isClaimed(a.id)).toBe(false);
    expect(await claims.isFreeFor(a.id, 1)).toBe(true);
    expect(await claims.isFreeFor(a.id, 2)).toBe(false);
    sqlite.prepare('insert into album_photos values (?)').run(a.id);
    expect(await claims.isClaimed(a.id)).toBe(true);
    expect(await claims.isFreeFor(a.id, 1)).toBe(false);
  });

  it('refuses a claim that is not a plain SQL name', () => {
    expect(
      () => new UploadClaims(engine, [{ table: 'album_photos; drop table uploads', column: 'x' }]),
    ).toThrow(/invalid upload claim/);
    expect(() => new UploadClaims(engine, [{ table: 'album_photos', column: 'upload_id or 1' }])).toThrow(
      /invalid upload claim/,
    );
  });

  it('the server modules claim deposit proofs, identity photos and fiat images', () => {
    const claimed = defaultModules().flatMap((m) =>
      (m.uploadClaims ?? []).map((c) => `${m.name}: ${c.table}.${c.column}`),
    );
    expect(claimed.sort()).toEqual([
      'bank: bank_deposits.proof_id',
      'identity: identity_kyc.back_id',
      'identity: identity_kyc.front_id',
      'identity: identity_kyc.hand_id',
      'legal: legal_images.upload_id',
    ]);
  });
});
