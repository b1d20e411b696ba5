// The decisions `tests/integration/ops-audit.test.ts` drives whose records other areas' user routes
// make first: fiat P2P (a merchant application, an appealed order, a fraud freeze) and the demo's
// simulated chain. Each is set up through the real user routes, then decided by a console operator.
import { expect } from 'vitest';
import type { LegalOrder } from '../../domain/legal';
import { dataOf, fund } from './assets';
import { opsData, type SimDepositReply } from './deposits';
import { as, merchantApplication, person, publish, take, type Person } from './legal';
import { asOperator, type TestOperator } from './operators';
import type { TestServer } from './server';

/** One decision route: who calls it, how, and the action its audit row names. */
export interface Decision {
  route: string;
  /** Which case of the route, where the table drives it more than once. */
  variant?: string;
  action: string;
  by: () => TestOperator;
  /** Makes the record and decides it; resolves to the audit row's target id. */
  run: () => Promise<string>;
  /** A creation has no record before it. */
  creates?: boolean;
  /**
   * A step-up route whose money moves after its request, not in it: a simulated deposit is credited
   * by the block that includes it (an operator's `sim/mine` or the chain's own timer).
   */
  movesMoneyLater?: boolean;
  /** Fields the `after` state must show. */
  after: Record<string, unknown>;
  /** A check of the row's before and after together. */
  around?: (before: Record<string, unknown>, after: Record<string, unknown>) => void;
}

/** What the decisions need of the test file, read when they run (its `beforeAll` makes them). */
export interface AuditFile {
  server: () => TestServer;
  reviewer: () => TestOperator;
  admin: () => TestOperator;
}

/** Calls a decision route as `op` and returns the reply's data. */
export async function decide<T = { id: number }>(
  server: TestServer,
  op: TestOperator,
  route: string,
  fields: Record<string, string | number>,
): Promise<T> {
  return opsData<T>(await asOperator(server.origin, op.token, route, fields));
}

/** The order's status and its appeal's before the operator's decision. */
const APPEALED = { status: 'appeal', appeal: 'open' };

/** Merchant applications, appeal decisions (each outcome, and fraud) and lifting a fraud freeze. */
export function legalDecisions(f: AuditFile): Decision[] {
  let seller: Promise<Person> | undefined;
  /** One approved merchant sells on every order; its `legal` USDT covers each ad's 100. */
  const theMerchant = () =>
    (seller ??= (async () => {
      const { m, appId } = await merchantApplication(f.server().origin);
      await decide(f.server(), f.reviewer(), 'legal/applications/approve', { id: appId });
      await fund(f.server().dataDir, m.id, 'USDT', '1000', 'legal');
      return m;
    })());
  /** A buyer's order of 20 USDT (140 CNY) on a fresh sell ad, paid and appealed by the buyer. */
  const appealedOrder = async (): Promise<{ order: LegalOrder; buyer: Person }> => {
    const { origin } = f.server();
    const ad = await publish(origin, await theMerchant(), { total: '100', max: '700' });
    const buyer = await person(origin);
    const order = await take(origin, buyer, ad.id, 'qty', '20');
    dataOf(await as(origin, buyer, 'legal/pay', { id: order.id, reference: 'PAY-AUDIT' }));
    dataOf(await as(origin, buyer, 'legal/appeal', { id: order.id, reason: 'Seller does not release' }));
    return { order, buyer };
  };
  /** Decides an appealed order as the reviewer; resolves to the order id. */
  const decided = async (fields: Record<string, string>): Promise<{ id: string; buyer: Person }> => {
    const { order, buyer } = await appealedOrder();
    await decide(f.server(), f.reviewer(), 'legal/appeals/decide', { orderId: order.id, ...fields });
    return { id: String(order.id), buyer };
  };
  const application = async (route: string, fields: Record<string, string> = {}) => {
    const { appId } = await merchantApplication(f.server().origin);
    await decide(f.server(), f.reviewer(), route, { id: appId, ...fields });
    return String(appId);
  };
  const fromReview = (before: Record<string, unknown>) => expect(before).toEqual({ status: 'review' });
  const fromAppeal = (before: Record<string, unknown>) => expect(before).toEqual(APPEALED);
  return [
    {
      route: 'legal/applications/approve',
      action: 'legal.merchant.approve',
      by: f.reviewer,
      run: () => application('legal/applications/approve'),
      after: { status: 'approved', reason: null },
      around: fromReview,
    },
    {
      route: 'legal/applications/reject',
      action: 'legal.merchant.reject',
      by: f.reviewer,
      run: () => application('legal/applications/reject', { reason: 'Nickname misleading' }),
      after: { status: 'rejected', reason: 'Nickname misleading' },
      around: fromReview,
    },
    {
      route: 'legal/appeals/decide',
      action: 'legal.appeal.decide',
      by: f.reviewer,
      variant: 'release',
      run: async () => (await decided({ outcome: 'release' })).id,
      after: { status: 'completed', appeal: 'decided', outcome: 'release', fraud: false },
      around: fromAppeal,
    },
    {
      route: 'legal/appeals/decide',
      action: 'legal.appeal.decide',
      by: f.reviewer,
      variant: 'return',
      run: async () => (await decided({ outcome: 'return' })).id,
      after: { status: 'withdrawn', appeal: 'decided', outcome: 'return', fraud: false },
      around: fromAppeal,
    },
    {
      route: 'legal/appeals/decide',
      action: 'legal.appeal.decide',
      by: f.reviewer,
      variant: 'fraud',
      run: async () => (await decided({ outcome: 'return', fraud: 'true' })).id,
      after: { status: 'abnormal', appeal: 'decided', outcome: 'return', fraud: true },
      around: fromAppeal,
    },
    {
      route: 'legal/freezes/lift',
      action: 'legal.freeze.lift',
      by: f.reviewer,
      run: async () => {
        const { buyer } = await decided({ outcome: 'return', fraud: 'true', note: 'Fake receipt' });
        const freeze = opsData<{ id: number }>(
          await asOperator(
            f.server().origin,
            f.reviewer().token,
            'legal/freezes',
            { account: buyer.account },
            'GET',
          ),
        );
        await decide(f.server(), f.reviewer(), 'legal/freezes/lift', {
          id: freeze.id,
          reason: 'Payment found after all',
        });
        return String(freeze.id);
      },
      after: { lifted: true, reason: 'Fake receipt' },
      around: (before) => expect(before).toEqual({ lifted: false, reason: 'Fake receipt' }),
    },
  ];
}

/** The simulated chain's controls (an admin's): a deposit from outside, then the block crediting it. */
export function simDecisions(f: AuditFile): Decision[] {
  /** The transfer `sim/deposit` sent, which the following `sim/mine` includes. */
  let sent: string | undefined;
  const deposit = async () => {
    const user = await person(f.server().origin);
    const reply = await decide<SimDepositReply>(f.server(), f.admin(), 'sim/deposit', {
      chain: 'TRC20',
      coin: 'USDT',
      amount: '3.25',
      account: user.account,
    });
    return (sent = `TRC20:${reply.txid}`);
  };
  return [
    {
      route: 'sim/deposit',
      action: 'sim.deposit',
      by: f.admin,
      creates: true,
      movesMoneyLater: true,
      run: deposit,
      after: {
        chain: 'TRC20',
        coin: 'USDT',
        // The coin's 6 decimals, as the reply and the deposit list show it.
        amount: '3.250000',
        userId: expect.any(Number) as unknown,
        blockHeight: null,
      },
    },
    {
      route: 'sim/mine',
      action: 'sim.mine',
      by: f.admin,
      run: async () => {
        if (!sent) await deposit();
        await decide(f.server(), f.admin(), 'sim/mine', { chain: 'TRC20', blocks: 2 });
        return 'TRC20';
      },
      after: {},
      around: (before, after) => {
        const [from, to] = [before.heights, after.heights] as Array<Record<string, number>>;
        expect(to!.TRC20! - from!.TRC20!).toBe(2);
        expect(after.included).toEqual([sent]);
      },
    },
  ];
}
