// Identity submissions on the one writer (server/identity/kyc-store.ts): the command that stores a
// submission checks again what decides it (the user's state, the photos still free) and writes
// nothing when it refuses; a decision changes the user and its journal row together, once.
import { afterEach, describe, expect, it } from 'vitest';
import {
  KycPendingError,
  KycPhotoError,
  KycStore,
  KycVerifiedError,
  type NewKyc,
} from '../../../server/identity/kyc-store';
import { KYC_UPLOAD_CLAIMS } from '../../../server/identity/schema';
import { OpsJournal } from '../../../server/ops';
import { UploadClaims } from '../../../server/shared/uploads';
import { insertUser, openTestDatabase, type Db } from '../../support/db';

const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

async function setup() {
  const db = await openTestDatabase();
  open.push(db);
  const { sqlite, engine } = db;
  insertUser(sqlite, 1);
  insertUser(sqlite, 2);
  const addUpload = sqlite.prepare(
    `insert into uploads (id, user_id, mime, size, sha256, created_at) values (?, ?, 'image/png', 1, 'x', 0)`,
  );
  for (const id of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']) addUpload.run(id, 1);
  addUpload.run('b1', 2);
  const store = new KycStore(engine, new OpsJournal(engine), new UploadClaims(engine, KYC_UPLOAD_CLAIMS));
  const form = (photos: [string, string, string], userId = 1): NewKyc => ({
    userId,
    name: 'Li Lei',
    docType: 'idCard',
    idNumber: '11010519491231002X',
    frontId: photos[0],
    backId: photos[1],
    handId: photos[2],
    createdAt: 10,
  });
  const state = () => ({
    kyc: sqlite.prepare('select id, status from identity_kyc order by id').all(),
    user: sqlite.prepare('select kyc from users where id = 1').pluck().get(),
    actions: sqlite
      .prepare('select action, target_id as targetId, detail from ops_actions order by id')
      .all(),
  });
  return { store, form, state };
}

describe('identity submissions', () => {
  it('stores a submission in review and refuses a second one while it is, writing nothing', async () => {
    const h = await setup();
    const row = await h.store.submit(h.form(['a1', 'a2', 'a3']));
    expect(row).toMatchObject({ userId: 1, status: 'review', frontId: 'a1', decidedAt: null });
    const before = h.state();
    expect(before.user).toBe('review');
    await expect(h.store.submit(h.form(['a4', 'a5', 'a6']))).rejects.toBeInstanceOf(KycPendingError);
    expect(h.state()).toEqual(before);
  });

  it('refuses a photo kept by another submission or owned by another user, naming its field', async () => {
    const h = await setup();
    await h.store.submit(h.form(['a1', 'a2', 'a3']));
    await h.store.decide('op', 1, 'rejected', 'blurred', 20);
    const before = h.state();
    const taken = h.store.submit(h.form(['a4', 'a2', 'a5']));
    await expect(taken).rejects.toBeInstanceOf(KycPhotoError);
    await expect(taken).rejects.toMatchObject({ field: 'backId' });
    await expect(h.store.submit(h.form(['a4', 'a5', 'b1']))).rejects.toMatchObject({ field: 'handId' });
    expect(h.state()).toEqual(before);
    // After a refusal the user may submit again with free photos.
    expect((await h.store.submit(h.form(['a4', 'a5', 'a6']))).status).toBe('review');
  });

  it('decides a submission once, with its journal row, and refuses a verified user', async () => {
    const h = await setup();
    const { id } = await h.store.submit(h.form(['a1', 'a2', 'a3']));
    const decided = await h.store.decide('op', id, 'verified', null, 20);
    expect(decided).toMatchObject({ id, status: 'verified', decidedBy: 'op', decidedAt: 20 });
    expect(await h.store.userKyc(1)).toBe('verified');
    expect(h.state().actions).toEqual([
      {
        action: 'kyc.approve',
        targetId: String(id),
        detail: JSON.stringify({ userId: 1, from: 'review', to: 'verified' }),
      },
    ]);
    // Not in review any more: no second decision, no second journal row.
    expect(await h.store.decide('op', id, 'rejected', 'late', 30)).toBeNull();
    expect(h.state().actions).toHaveLength(1);
    const before = h.state();
    await expect(h.store.submit(h.form(['a4', 'a5', 'a6']))).rejects.toBeInstanceOf(KycVerifiedError);
    expect(h.state()).toEqual(before);
  });

  it('a rejection puts the user back to none, with the reason journaled', async () => {
    const h = await setup();
    const { id } = await h.store.submit(h.form(['a1', 'a2', 'a3']));
    expect(await h.store.decide('op', id, 'rejected', 'blurred', 20)).toMatchObject({
      status: 'rejected',
      reason: 'blurred',
    });
    expect(await h.store.userKyc(1)).toBe('none');
    expect(h.state().actions[0]).toMatchObject({
      action: 'kyc.reject',
      detail: JSON.stringify({ userId: 1, from: 'review', to: 'none', reason: 'blurred' }),
    });
  });
});
