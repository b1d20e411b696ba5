import type { KycView } from '../../domain/identity-endpoints';
import { registerUser } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';
import { call, dataOf } from './assets';
import { withServerDb } from './server-db';
import { OPS_TOKEN, opsCall, uploadProof } from './bank';

export { OPS_TOKEN };

/** A test server with the operator API on (token OPS_TOKEN) and no market simulator. */
export function startIdentityServer(): Promise<TestServer> {
  return startTestServer({ operatorToken: OPS_TOKEN, simMarket: false });
}

/** A registered user with three fresh photo uploads. */
export async function kycUser(origin: string, extra: { promo?: string } = {}) {
  const grant = await registerUser(origin, undefined, undefined, extra);
  const token = grant.token;
  const photos = {
    frontId: await uploadProof(origin, token),
    backId: await uploadProof(origin, token),
    handId: await uploadProof(origin, token),
  };
  return { token, id: grant.user.id, account: grant.user.account, promo: grant.user.promoCode, photos };
}

/** A well-formed submission (a valid 18-character resident ID), fields overriding. */
export function kycForm(photos: Record<string, string>, fields: Record<string, string> = {}) {
  return {
    name: 'Li Lei',
    docType: 'idCard',
    idNumber: '11010519491231002X',
    ...photos,
    ...fields,
  };
}

/** Everything a refused submission must leave untouched. */
export function kycState(dataDir: string, userId: number): Promise<unknown> {
  return withServerDb(dataDir, async (db) => ({
    kyc: await db.all('select * from identity_kyc where user_id = ? order by id', userId),
    user: await db.get('select kyc, credit_score from users where id = ?', userId),
    actions: await db.get('select count(*) as n from ops_actions'),
  }));
}

/** Submits a verification and returns the view. */
export async function submitKyc(origin: string, token: string, form: Record<string, string>) {
  return dataOf<{ state: string }>(await call(origin, 'kyc/submit', token, form));
}

/**
 * Verifies the identity of `token`'s user as a user and an operator do: three photo uploads, a
 * submission in `name` (the real name fiat payment methods must match), the operator's approval.
 */
export async function verifyIdentity(origin: string, token: string, name = 'Li Lei'): Promise<void> {
  const photos = {
    frontId: await uploadProof(origin, token),
    backId: await uploadProof(origin, token),
    handId: await uploadProof(origin, token),
  };
  const view = dataOf<KycView>(await call(origin, 'kyc/submit', token, kycForm(photos, { name })));
  const approved = await opsCall(origin, 'POST', 'kyc/approve', { id: view.submission!.id });
  if (approved.body?.code !== 200) throw new Error(`kyc/approve: ${JSON.stringify(approved.body)}`);
}
