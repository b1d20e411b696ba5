import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPS_STEP_UP_ROUTES, type OpsAuditRow } from '../../domain';
import { HOUSE_USER_ID } from '../../server/ledger';
import { currentOpsRequest } from '../../server/ops/request-context';
import type { KycView } from '../../domain/identity-endpoints';
import { callApi } from '../support/api';
import { registerUser } from '../support/accounts';
import { dataOf, fund, violations } from '../support/assets';
import { bankDeposit, depositor, TERMS } from '../support/bank';
import { NO_TIMER_BLOCK_MS, opsData } from '../support/deposits';
import { kycForm, kycUser, submitKyc } from '../support/identity';
import { asOperator, createOperator, type TestOperator } from '../support/operators';
import { decide as decideAs, legalDecisions, simDecisions, type Decision } from '../support/ops-audit';
import { requestWithdraw, startWithdrawServer, withdrawer } from '../support/withdrawals';
import { serverOn, type TestServer } from '../support/server';

let server: TestServer;
let reviewer: TestOperator;
let support: TestOperator;
let admin: TestOperator;
/** The ops routes during whose requests the ledger was written. */
const movedMoney = new Set<string>();
beforeAll(async () => {
  // Bank deposits on, with their test terms; the sign-in's step-up window outlasts the whole file;
  // blocks come only from `sim/mine`, so the block crediting a simulated deposit is an operator's.
  server = await startWithdrawServer({
    sim: false,
    catalog: { bankDeposit: TERMS } as never,
    config: { opsStepUpMs: 3_600_000, simChainBlockMs: NO_TIMER_BLOCK_MS },
  });
  // Every ledger write funnels into postLoaded: note the ops route it served, if any.
  const { ledger } = serverOn(server.dataDir);
  const postLoaded = ledger.postLoaded.bind(ledger);
  ledger.postLoaded = (meta, postings) => {
    const route = currentOpsRequest()?.route;
    if (route) movedMoney.add(route);
    return postLoaded(meta, postings);
  };
  admin = await createOperator(server.origin, 'audit-admin', 'admin');
  reviewer = await createOperator(server.origin, 'audit-reviewer', 'reviewer');
  support = await createOperator(server.origin, 'audit-support', 'support');
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  // Decisions move money (withdrawals, bank deposits): the ledger's invariants hold after each.
  expect(await violations(server.dataDir)).toEqual([]);
});

/** Calls a decision route as `op` and returns the reply's data. */
const decide = <T = { id: number }>(
  op: TestOperator,
  route: string,
  fields: Record<string, string | number>,
) => decideAs<T>(server, op, route, fields);

async function rowOf(action: string, targetId: string): Promise<OpsAuditRow> {
  const rows = opsData<OpsAuditRow[]>(
    await asOperator(server.origin, admin.token, 'actions', { action, targetId }, 'GET'),
  );
  expect(rows, `${action} ${targetId}`).toHaveLength(1);
  return rows[0]!;
}

/** The target of the newest row of `action`. */
async function newest(action: string): Promise<string> {
  const [row] = opsData<OpsAuditRow[]>(
    await asOperator(server.origin, admin.token, 'actions', { action, limit: 1 }, 'GET'),
  );
  return row!.targetId;
}

const withdrawal = async () => {
  const u = await withdrawer(server);
  const reply = await requestWithdraw(server.origin, u);
  return (reply.body!.data as { id: number }).id;
};
const bankDepositInReview = async () => {
  const d = await depositor(server.origin);
  return dataOf<{ id: number }>(await bankDeposit(server.origin, d.token, { proofId: d.proofId })).id;
};
const kycSubmission = async () => {
  const u = await kycUser(server.origin);
  const view = (await submitKyc(server.origin, u.token, kycForm(u.photos))) as unknown as KycView;
  return view.submission!.id;
};
/** A listing application of a fresh user, as the app sends it. */
const listing = async () => {
  const { token } = await registerUser(server.origin);
  const form = {
    project: 'Acme Network',
    symbol: 'acme',
    chain: 'ERC20',
    contract: '0x' + 'ab'.repeat(20),
    website: 'https://acme.example',
    contact: 'team@acme.example',
    description: 'A token for the Acme network.',
  };
  return (await callApi(server.origin, 'listing/apply', form, { token })).body.data.id as number;
};
const ieoProject = (fields: Record<string, string | number> = {}) => {
  const now = Date.now();
  return {
    name: 'Nova Launch',
    coin: `N${Math.floor(Math.random() * 1e6)}`,
    coinName: 'Nova Token',
    coinDecimals: 4,
    quote: 'USDT',
    price: '0.5',
    lot: '10',
    total: '100',
    cap: '100',
    preheatAt: now,
    opensAt: now + 3_600_000,
    closesAt: now + 7_200_000,
    website: 'https://nova.example',
    whitepaper: 'https://nova.example/paper.pdf',
    explorer: 'https://explorer.example/token/nova',
    description: 'A test project.',
    ...fields,
  };
};
const article = { lang: 'en', title: 'Maintenance', body: 'We upgrade at 02:00.' };
const product = (opensAt: number) => ({
  kind: 'lock',
  coin: 'USDT',
  name: 'Audit lock',
  days: 5,
  dailyRate: '0.001',
  minAmount: '100',
  earlyRedeem: 'true',
  opensAt,
});

const file = { server: () => server, reviewer: () => reviewer, admin: () => admin };

const DECISIONS: Decision[] = [
  {
    route: 'lockming/reserve',
    action: 'lockming.reserve',
    by: () => reviewer,
    run: async () => {
      await fund(server.dataDir, HOUSE_USER_ID, 'USDT', '50');
      await decide(reviewer, 'lockming/reserve', { coin: 'USDT', amount: '12.5' });
      return 'USDT';
    },
    after: {},
    around: (before, after) => {
      expect(Number(after.reserve) - Number(before.reserve)).toBe(12.5);
      expect(Number(before.spot) - Number(after.spot)).toBe(12.5);
    },
  },
  {
    route: 'uploads/get',
    action: 'upload.view',
    by: () => reviewer,
    run: async () => {
      const d = await depositor(server.origin);
      opsData(await asOperator(server.origin, reviewer.token, 'uploads/get', { id: d.proofId }, 'GET'));
      return d.proofId;
    },
    after: { mime: expect.stringMatching(/^image\//) as unknown },
    around: (before, after) => expect(after).toEqual(before),
  },
  {
    route: 'withdrawals/approve',
    action: 'withdrawal.approve',
    by: () => reviewer,
    run: async () => {
      const id = await withdrawal();
      await decide(reviewer, 'withdrawals/approve', { id, txid: 'tx-audit-0001' });
      return String(id);
    },
    after: { status: 'approved', txid: 'tx-audit-0001' },
  },
  {
    route: 'withdrawals/reject',
    action: 'withdrawal.reject',
    by: () => reviewer,
    run: async () => {
      const id = await withdrawal();
      await decide(reviewer, 'withdrawals/reject', { id, reason: 'address on a sanctions list' });
      return String(id);
    },
    after: { status: 'rejected', reason: 'address on a sanctions list' },
  },
  {
    route: 'bank-deposits/confirm',
    action: 'bankDeposit.confirm',
    by: () => reviewer,
    run: async () => {
      const id = await bankDepositInReview();
      await decide(reviewer, 'bank-deposits/confirm', { id });
      return String(id);
    },
    after: { status: 'confirmed' },
  },
  {
    route: 'bank-deposits/reject',
    action: 'bankDeposit.reject',
    by: () => reviewer,
    run: async () => {
      const id = await bankDepositInReview();
      await decide(reviewer, 'bank-deposits/reject', { id, reason: 'no such transfer arrived' });
      return String(id);
    },
    after: { status: 'rejected', reason: 'no such transfer arrived' },
  },
  {
    route: 'kyc/approve',
    action: 'kyc.approve',
    by: () => reviewer,
    run: async () => {
      const id = await kycSubmission();
      await decide(reviewer, 'kyc/approve', { id });
      return String(id);
    },
    after: { status: 'verified', userKyc: 'verified' },
  },
  {
    route: 'kyc/reject',
    action: 'kyc.reject',
    by: () => reviewer,
    run: async () => {
      const id = await kycSubmission();
      await decide(reviewer, 'kyc/reject', { id, reason: 'blurred photo' });
      return String(id);
    },
    after: { status: 'rejected', reason: 'blurred photo' },
  },
  {
    route: 'news/publish',
    action: 'news.publish',
    by: () => support,
    creates: true,
    run: async () => String((await decide(support, 'news/publish', article)).id),
    after: { title: 'Maintenance', withdrawn: false },
  },
  {
    route: 'news/update',
    action: 'news.update',
    by: () => support,
    run: async () => {
      const { id } = await decide(support, 'news/publish', article);
      await decide(support, 'news/update', { id, ...article, title: 'Maintenance moved' });
      return String(id);
    },
    after: { title: 'Maintenance moved' },
  },
  {
    route: 'news/withdraw',
    action: 'news.withdraw',
    by: () => support,
    run: async () => {
      const { id } = await decide(support, 'news/publish', article);
      await decide(support, 'news/withdraw', { id });
      return String(id);
    },
    after: { withdrawn: true },
  },
  {
    route: 'zhibo/set',
    action: 'zhibo.set',
    by: () => support,
    run: async () => {
      await decide(support, 'zhibo/set', { url: '/live/warmup.m3u8', title: 'Warm-up' });
      await decide(support, 'zhibo/set', { url: '/live/launch.m3u8', title: 'Launch day' });
      return await newest('zhibo.set');
    },
    after: { title: 'Launch day', url: '/live/launch.m3u8' },
  },
  {
    route: 'zhibo/clear',
    action: 'zhibo.clear',
    by: () => support,
    run: async () => {
      await decide(support, 'zhibo/clear', {});
      return await newest('zhibo.clear');
    },
    after: { title: '', url: null },
  },
  {
    route: 'lockming/products/create',
    action: 'lockming.create',
    by: () => reviewer,
    creates: true,
    run: async () =>
      String((await decide(reviewer, 'lockming/products/create', product(Date.now() + 3_600_000))).id),
    after: { name: 'Audit lock' },
  },
  {
    route: 'lockming/products/edit',
    action: 'lockming.edit',
    by: () => reviewer,
    run: async () => {
      const fields = product(Date.now() + 3_600_000);
      const { id } = await decide(reviewer, 'lockming/products/create', fields);
      await decide(reviewer, 'lockming/products/edit', { id, ...fields, name: 'Audit lock 2' });
      return String(id);
    },
    after: { name: 'Audit lock 2' },
  },
  {
    route: 'listings/review',
    action: 'listing.review',
    by: () => reviewer,
    run: async () => {
      const id = await listing();
      await decide(reviewer, 'listings/review', { id });
      return String(id);
    },
    after: { status: 'review' },
  },
  {
    route: 'listings/accept',
    action: 'listing.accepted',
    by: () => reviewer,
    run: async () => {
      const id = await listing();
      await decide(reviewer, 'listings/accept', { id });
      return String(id);
    },
    after: { status: 'accepted' },
  },
  {
    route: 'listings/reject',
    action: 'listing.rejected',
    by: () => reviewer,
    run: async () => {
      const id = await listing();
      await decide(reviewer, 'listings/reject', { id, reason: 'Liquidity too low' });
      return String(id);
    },
    after: { status: 'rejected', reason: 'Liquidity too low' },
  },
  {
    route: 'ieo/create',
    action: 'ieo.create',
    by: () => reviewer,
    creates: true,
    run: async () => String((await decide(reviewer, 'ieo/create', ieoProject())).id),
    after: { name: 'Nova Launch', total: '100' },
  },
  {
    route: 'ieo/edit',
    action: 'ieo.edit',
    by: () => reviewer,
    run: async () => {
      const fields = ieoProject();
      const { id } = await decide(reviewer, 'ieo/create', fields);
      await decide(reviewer, 'ieo/edit', { id, ...fields, total: '200', cap: '200' });
      return String(id);
    },
    after: { total: '200' },
  },
  {
    route: 'users/agent',
    action: 'user.level',
    by: () => admin,
    run: async () => {
      const { user } = await registerUser(server.origin);
      await decide(admin, 'users/agent', { account: user.account, agent: 'true' });
      return String(user.id);
    },
    after: { level: 'agent' },
  },
  ...legalDecisions(file),
  ...simDecisions(file),
];

describe('the audit trail of decisions', () => {
  for (const d of DECISIONS) {
    const name = d.variant ? `${d.route} (${d.variant})` : d.route;
    it(`${name} records ${d.action} with the operator, the IP and the record before and after`, async () => {
      const targetId = await d.run();
      const row = await rowOf(d.action, targetId);
      expect(row.operator).toBe(d.by().name);
      expect(row.ip).toBe('127.0.0.1');
      if (d.creates) expect(row.before).toBeNull();
      else expect(row.before).not.toBeNull();
      expect(JSON.parse(row.after!)).toMatchObject(d.after);
      d.around?.(JSON.parse(row.before!) as never, JSON.parse(row.after!) as never);
    });
  }
});

describe('re-authentication covers every decision that moves money', () => {
  it('the routes above that wrote the ledger (or credit later) are exactly the step-up routes among them', () => {
    const driven = DECISIONS.map((d) => d.route);
    const later = DECISIONS.filter((d) => d.movesMoneyLater).map((d) => d.route);
    expect([...movedMoney].filter((r) => !OPS_STEP_UP_ROUTES.includes(r))).toEqual([]);
    expect(later.filter((r) => movedMoney.has(r))).toEqual([]);
    expect(OPS_STEP_UP_ROUTES.filter((r) => driven.includes(r)).sort()).toEqual(
      [...new Set([...movedMoney, ...later])].sort(),
    );
  });
});
