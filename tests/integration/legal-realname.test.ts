import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../domain/legal';
import { dataOf, openServerDb } from './assets-support';
import { opsCall } from './bank-support';
import { as, person, startLegalServer, type LegalServer } from './legal-support';

let server: LegalServer | null = null;
let dataDir = '';
afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('real name of a payment method', () => {
  it('must match the verified identity once KYC is verified (names from the identity area)', async () => {
    server = await startLegalServer();
    dataDir = server.dataDir;
    const u = await person(server.origin);
    await opsCall(server.origin, 'POST', 'users/kyc', { account: u.account, state: 'verified' });
    await server.stop();
    // The identity area's table as it keeps verified names (created here when that area is absent).
    const db = openServerDb(dataDir, false);
    db.exec(`create table if not exists identity_kyc (id integer primary key, user_id integer, name text,
      status text)`);
    const cols = (db.prepare('pragma table_info(identity_kyc)').all() as Array<{ name: string }>).map(
      (c) => c.name,
    );
    if (cols.includes('front_id')) {
      // The identity area's full table: a verified submission with its three photos.
      const photo = (n: number) => {
        const id = `${u.id.toString(16).padStart(8, '0')}${'0'.repeat(23)}${n}`;
        db.prepare(
          `insert into uploads (id, user_id, mime, size, sha256, created_at) values (?, ?, 'image/png', 1, 'x', 1)`,
        ).run(id, u.id);
        return id;
      };
      db.prepare(
        `insert into identity_kyc (user_id, name, doc_type, id_number, front_id, back_id, hand_id, status, created_at,
           decided_at) values (?, 'Li Lei', 'idCard', '1', ?, ?, ?, 'verified', 1, 2)`,
      ).run(u.id, photo(1), photo(2), photo(3));
    } else {
      db.prepare(`insert into identity_kyc (user_id, name, status) values (?, 'Li Lei', 'verified')`).run(
        u.id,
      );
    }
    db.close();
    server = await startLegalServer({ dataDir });
    const bank = { kind: 'bank', bank: 'Bank of Tests', cardNumber: '6222020000001234' };
    const refused = await as(server.origin, u, 'legal/methodSave', { ...bank, realName: 'Han Mei' });
    expect(refused.body).toMatchObject({ key: 'legalRealNameMismatch', field: 'realName' });
    const saved = dataOf<PaymentMethod>(
      await as(server.origin, u, 'legal/methodSave', { ...bank, realName: ' li  LEI ' }),
    );
    expect(saved.realName).toBe('li LEI');
  });
});
