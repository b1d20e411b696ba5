import type { Engine } from '../db';
import { type DecisionPush, bool, idField, str, fail, notFound } from '../http';
import type { OpsJournal, OpsRegistry } from '../ops';
import { accounts, normalizeAccount } from '../mine';
import type { OrderService } from './order-service';
import type { ApplicationRow, LegalStore, OrderRow } from './store';
import { toAppeal } from './views';

/** Longest operator reason or note, in characters. */
const NOTE_MAX = 200;

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
  const { store, journal } = d;
  const users = accounts(d.engine);
  const { writer } = d.engine;

  ops.add('GET', 'legal/applications', 'read', ({ input }) => {
    const status = str(input, 'status').trim() || null;
    return store.applications(status);
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

  ops.add('GET', 'legal/appeals', 'read', async ({ input }) => {
    const status = str(input, 'status').trim() || null;
    return (await store.appeals(status)).map((a) => ({
      ...toAppeal(a),
      orderId: a.orderId,
      decidedBy: a.decidedBy,
    }));
  });
  ops.add('GET', 'legal/orders/get', 'read', async ({ input }) => {
    const order = await store.order(idField(input, 'id'));
    if (!order) throw notFound();
    const [timeline, appeal] = await Promise.all([store.events(order.id), store.appeal(order.id)]);
    return { ...order, timeline, appeal: appeal ?? null };
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

  ops.add('GET', 'legal/freezes', 'read', async ({ input }) => {
    const account = normalizeAccount(str(input, 'account'));
    const userId = await users.idOf(account);
    if (userId === undefined) throw fail('accountUnknown', 'account');
    return (await store.freeze(userId)) ?? null;
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
