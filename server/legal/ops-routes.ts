import { fromUnits } from '../../domain';
import type { Engine } from '../db';
import { type DecisionPush, bool, idField, str, fail, notFound, pageFields, type Input } from '../http';
import type { OpsJournal, OpsRegistry } from '../ops';
import { accounts, normalizeAccount } from '../mine';
import { messagesOf } from './order-routes';
import type { OrderService } from './order-service';
import type { ApplicationRow, LegalStore, OrderRow } from './store';
import { cents, toAppeal } from './views';

/** Longest operator reason or note, in characters. */
const NOTE_MAX = 200;
/** Rows of an operator's list page: 200 unless `limit` asks for fewer (the lists' size before paging). */
const PAGE_MAX = 200;
const pageOf = (input: Input) => pageFields(input, PAGE_MAX, PAGE_MAX);

/** What the fiat ops routes need. */
export interface LegalOpsDeps {
  engine: Engine;
  store: LegalStore;
  orders: OrderService;
  journal: OpsJournal;
  now: () => number;
  changed(order: OrderRow): Promise<void>;
  /** After a decision committed: the user's open pages read it again (the private `decision` event). */
  decided: DecisionPush;
}

const noteOf = (text: string, field: string, required: boolean): string => {
  const t = text.trim();
  if (required && !t) throw fail('required', field);
  if ([...t].length > NOTE_MAX) throw fail('textTooLong', field);
  return t;
};

/**
 * The operator's part of fiat P2P: merchant applications, appeals and freezes. Every decision is
 * journaled with the operator's name in the same writer command as its effect; the users' pages are
 * told after that command committed.
 */
export function registerLegalOps(ops: OpsRegistry, d: LegalOpsDeps): void {
  registerMerchantOps(ops, d);
  registerAppealOps(ops, d);
  registerFreezeOps(ops, d);
}

/** Merchant applications: the list with each applicant's account, approve, reject with a reason. */
function registerMerchantOps(ops: OpsRegistry, d: LegalOpsDeps): void {
  const { store, journal } = d;
  const users = accounts(d.engine);
  const { writer } = d.engine;

  ops.add('GET', 'legal/applications', 'read', async ({ input }) => {
    const status = str(input, 'status').trim() || null;
    const rows = await store.applications(status, pageOf(input));
    const names = await users.accountsOf(rows.map((r) => r.userId));
    return rows.map((r) => ({ ...r, account: names.get(r.userId) ?? '' }));
  });
  const decideApp = (approve: boolean) => (operator: string, id: number, reason: string) =>
    writer.run(async () => {
      const app = await store.application(id);
      if (!app) throw notFound();
      const status = approve ? 'approved' : 'rejected';
      if (!(await store.decideApplication(id, status, reason || null, operator, d.now()))) {
        throw fail('recordNotPending', 'id');
      }
      await journal.record({
        operator,
        action: approve ? 'legal.merchant.approve' : 'legal.merchant.reject',
        targetType: 'legal_applications',
        targetId: String(id),
        detail: { userId: app.userId, nickname: app.nickname, ...(reason && { reason }) },
        before: { status: app.status },
        after: { status, reason: reason || null },
      });
      return (await store.application(id))!;
    });
  const approve = decideApp(true);
  const reject = decideApp(false);
  const appDecided = (app: ApplicationRow) => {
    d.decided(app.userId, 'merchant', app.id, app.status);
    return app;
  };
  ops.add('POST', 'legal/applications/approve', 'review', async ({ operator, input }) =>
    appDecided(await approve(operator, idField(input, 'id'), '')),
  );
  ops.add('POST', 'legal/applications/reject', 'review', async ({ operator, input }) => {
    const id = idField(input, 'id');
    return appDecided(await reject(operator, id, noteOf(str(input, 'reason'), 'reason', true)));
  });
}

/** Appeals: the list, an order with its parties and chat, the decision. */
function registerAppealOps(ops: OpsRegistry, d: LegalOpsDeps): void {
  const { store } = d;
  const users = accounts(d.engine);

  ops.add('GET', 'legal/appeals', 'read', async ({ input }) => {
    const status = str(input, 'status').trim() || null;
    const rows = await store.appeals(status, pageOf(input));
    const orders = new Map<number, OrderRow>();
    for (const a of rows) {
      const o = await store.order(a.orderId);
      if (o) orders.set(a.id, o);
    }
    const names = await users.accountsOf([...orders.values()].flatMap((o) => [o.buyerId, o.sellerId]));
    return rows.map((a) => {
      const o = orders.get(a.id);
      const opener = o && (a.openedBy === 'buyer' ? o.buyerId : o.sellerId);
      return {
        ...toAppeal(a),
        orderId: a.orderId,
        decidedBy: a.decidedBy,
        // The opener's account (a queue item's owner), and what the order is about.
        account: opener === undefined ? '' : (names.get(opener) ?? ''),
        ...(o && { coin: o.coin, currency: o.currency, amount: cents(o.amount) }),
      };
    });
  });
  ops.add('GET', 'legal/orders/get', 'read', async ({ input }) => {
    const order = await store.order(idField(input, 'id'));
    if (!order) throw notFound();
    const [timeline, appeal] = await Promise.all([store.events(order.id), store.appeal(order.id)]);
    const names = await users.accountsOf([order.buyerId, order.sellerId]);
    const decimals = d.orders.decimalsOf(order.coin);
    return {
      ...order,
      timeline,
      appeal: appeal ?? null,
      buyer: names.get(order.buyerId) ?? '',
      seller: names.get(order.sellerId) ?? '',
      // The figures as decimal strings, as the parties see them (the row keeps cents and units).
      shown: {
        price: cents(order.price),
        amount: cents(order.amount),
        qty: fromUnits(BigInt(order.qty), decimals),
        fee: fromUnits(BigInt(order.fee)),
      },
    };
  });
  // An order's chat as its two parties wrote it (a reviewer judging its appeal reads it; its images
  // are read with `uploads/get`, each look journaled there). Read-only.
  ops.add('GET', 'legal/orders/messages', 'review', async ({ input }) => {
    const order = await store.order(idField(input, 'id'));
    if (!order) throw notFound();
    return messagesOf(store, order);
  });
  ops.add('POST', 'legal/appeals/decide', 'review', async ({ operator, input }) => {
    const order = await d.orders.decide(
      operator,
      idField(input, 'orderId'),
      str(input, 'outcome').trim(),
      bool(input, 'fraud'),
      noteOf(str(input, 'note'), 'note', false),
    );
    await d.changed(order);
    // Both parties' pages: a `fraud` outcome also froze the buyer's fiat trading (legal/me).
    for (const uid of [order.buyerId, order.sellerId]) d.decided(uid, 'appeal', order.id, order.status);
    return order;
  });
}

/** Freezes of users' fiat trading: one user's, the list, lifting one with a reason. */
function registerFreezeOps(ops: OpsRegistry, d: LegalOpsDeps): void {
  const { store, journal } = d;
  const users = accounts(d.engine);
  const { writer } = d.engine;

  ops.add('GET', 'legal/freezes', 'read', async ({ input }) => {
    const account = normalizeAccount(str(input, 'account'));
    const userId = await users.idOf(account);
    if (userId === undefined) throw fail('accountUnknown', 'account');
    return (await store.freeze(userId)) ?? null;
  });
  // Freezes newest first (those in force unless `all` is set), with the frozen user's account.
  ops.add('GET', 'legal/freezes/list', 'read', async ({ input }) => {
    const rows = await store.freezes(!bool(input, 'all'), pageOf(input));
    const names = await users.accountsOf(rows.map((r) => r.userId));
    return rows.map((r) => ({ ...r, account: names.get(r.userId) ?? '' }));
  });
  const lift = (operator: string, id: number, reason: string) =>
    writer.run(async () => {
      const f = await store.freezeById(id);
      if (!f) throw notFound();
      if (!(await store.liftFreeze(id, operator, d.now()))) throw fail('recordNotPending', 'id');
      await journal.record({
        operator,
        action: 'legal.freeze.lift',
        targetType: 'legal_freezes',
        targetId: String(id),
        detail: { userId: f.userId, reason },
        before: { lifted: false, reason: f.reason },
        after: { lifted: true, reason: f.reason },
      });
      return { userId: f.userId, row: await store.freezeById(id) };
    });
  ops.add('POST', 'legal/freezes/lift', 'review', async ({ operator, input }) => {
    const id = idField(input, 'id');
    const { userId, row } = await lift(operator, id, noteOf(str(input, 'reason'), 'reason', true));
    d.decided(userId, 'freeze', id, 'lifted');
    return row;
  });
}
