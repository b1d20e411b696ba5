import type { Database as SqliteDb } from 'better-sqlite3';
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
  sqlite: SqliteDb;
  store: LegalStore;
  orders: OrderService;
  journal: OpsJournal;
  now: () => number;
  changed(order: OrderRow): void;
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
 * journaled with the operator's name in the same transaction as its effect.
 */
export function registerLegalOps(ops: OpsRegistry, d: LegalOpsDeps): void {
  const { store, journal } = d;
  const users = accounts(d.sqlite);

  ops.add('GET', 'legal/applications', ({ input }) => {
    const status = str(input, 'status').trim() || null;
    return store.applications(status);
  });
  const decideApp = (approve: boolean) =>
    d.sqlite.transaction((operator: string, id: number, reason: string) => {
      const app = store.application(id);
      if (!app) throw notFound();
      const status = approve ? 'approved' : 'rejected';
      if (!store.decideApplication(id, status, reason || null, operator, d.now())) {
        throw fail('recordNotPending', 'id');
      }
      journal.record({
        operator,
        action: approve ? 'legal.merchant.approve' : 'legal.merchant.reject',
        targetType: 'legal_applications',
        targetId: String(id),
        detail: { userId: app.userId, nickname: app.nickname, ...(reason && { reason }) },
      });
      return store.application(id)!;
    });
  const approve = decideApp(true);
  const reject = decideApp(false);
  const appDecided = (app: ApplicationRow) => {
    d.decided(app.userId, 'merchant', app.id, app.status);
    return app;
  };
  ops.add('POST', 'legal/applications/approve', ({ operator, input }) =>
    appDecided(approve(operator, idField(input, 'id'), '')),
  );
  ops.add('POST', 'legal/applications/reject', ({ operator, input }) =>
    appDecided(reject(operator, idField(input, 'id'), noteOf(str(input, 'reason'), 'reason', true))),
  );

  ops.add('GET', 'legal/appeals', ({ input }) => {
    const status = str(input, 'status').trim() || null;
    return store.appeals(status).map((a) => ({
      ...toAppeal(a),
      orderId: a.orderId,
      decidedBy: a.decidedBy,
    }));
  });
  ops.add('GET', 'legal/orders/get', ({ input }) => {
    const order = store.order(idField(input, 'id'));
    if (!order) throw notFound();
    return { ...order, timeline: store.events(order.id), appeal: store.appeal(order.id) ?? null };
  });
  ops.add('POST', 'legal/appeals/decide', ({ operator, input }) => {
    const order = d.orders.decide(
      operator,
      idField(input, 'orderId'),
      str(input, 'outcome').trim(),
      bool(input, 'fraud'),
      noteOf(str(input, 'note'), 'note', false),
    );
    d.changed(order);
    // Both parties' pages: a `fraud` outcome also froze the buyer's fiat trading (legal/me).
    for (const uid of [order.buyerId, order.sellerId]) d.decided(uid, 'appeal', order.id, order.status);
    return order;
  });

  ops.add('GET', 'legal/freezes', ({ input }) => {
    const account = normalizeAccount(str(input, 'account'));
    const userId = users.idOf(account);
    if (userId === undefined) throw fail('accountUnknown', 'account');
    return store.freeze(userId) ?? null;
  });
  const lift = d.sqlite.transaction((operator: string, id: number, reason: string) => {
    const f = store.freezeById(id);
    if (!f) throw notFound();
    if (!store.liftFreeze(id, operator, d.now())) throw fail('recordNotPending', 'id');
    journal.record({
      operator,
      action: 'legal.freeze.lift',
      targetType: 'legal_freezes',
      targetId: String(id),
      detail: { userId: f.userId, reason },
    });
    return { userId: f.userId, row: store.freezeById(id) };
  });
  ops.add('POST', 'legal/freezes/lift', ({ operator, input }) => {
    const id = idField(input, 'id');
    const { userId, row } = lift(operator, id, noteOf(str(input, 'reason'), 'reason', true));
    d.decided(userId, 'freeze', id, 'lifted');
    return row;
  });
}
