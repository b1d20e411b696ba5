import type { LegalMe, OrderMessage, PaymentMethodReq } from '../../domain/legal';
import { checkPaymentMethod, LEGAL_MESSAGE_MAX, LEGAL_TEXT_MAX, nextUtcDay } from '../../domain/legal-rules';
import { sameHolder } from '../../domain';
import {
  AppError,
  fail,
  notFound,
  bool,
  idField,
  integerText,
  optionalIdField,
  pageFields,
  str,
  sessionOf,
  type HandlerContext,
  type HandlerRegistry,
  type LimitSpec,
} from '../http';
import { pageArgs } from '../shared/paging';
import type { AdService } from './ad-service';
import type { OrderService } from './order-service';
import type { LegalStore, OrderRow } from './store';
import { toMethod, type LegalViews } from './views';
import type { LegalTerms } from '../market';

/** Payment methods per user. */
export const METHODS_MAX = 10;
/** Most ads the hall lists at once (the `hall` query's own limit). */
const HALL_MAX = 500;
/** Writes per user per minute on the busiest fiat endpoints: enough for a person, not for a script. */
export const LEGAL_WRITE_LIMIT = { max: 30, windowMs: 60_000 } as const;

/** What the user routes need. */
export interface LegalRouteDeps {
  store: LegalStore;
  views: LegalViews;
  orders: OrderService;
  ads: AdService;
  terms: LegalTerms;
  now: () => number;
  /** The verified real name of a user (KYC), or null when unknown. */
  verifiedName(userId: number): string | null;
  /** Reads an upload's bytes, or null when the area cannot reach the upload directory. */
  readUpload(id: string): Promise<{ mime: string; data: string } | null>;
  /** After an order changed: push it to both parties. */
  changed(order: OrderRow): void;
  /** After ads or orders changed: the timers recompute their next wake-up. */
  reschedule(): void;
}

/** The signed-in caller's fiat endpoints and the public hall (variant 3 and 2). */
export function registerLegalRoutes(registry: HandlerRegistry, d: LegalRouteDeps): void {
  const { store, views, orders, ads } = d;
  const uid = (ctx: HandlerContext) => sessionOf(ctx).userId;
  const perUser = (name: string): LimitSpec[] => [
    { ...LEGAL_WRITE_LIMIT, key: (ctx) => `${name}:${sessionOf(ctx).userId}`, errorKey: 'rateLimited' },
  ];
  const dec = (coin: string) => orders.decimalsOf(coin);

  const me = (userId: number): LegalMe => {
    const app = store.latestApplication(userId);
    const freeze = store.freeze(userId);
    const c = orders.cancelsToday(userId);
    return {
      userId,
      merchant: views.merchant(userId),
      application: app
        ? { status: app.status, reason: app.reason, at: app.decidedAt ?? app.createdAt }
        : null,
      kycVerified: views.user(userId)?.kyc === 'verified',
      methods: store.methods(userId).length,
      cancelsToday: c.count,
      cancelsLeft: c.left,
      cancelsResetAt: nextUtcDay(d.now()),
      freeze: freeze
        ? { id: freeze.id, reason: freeze.reason, orderId: freeze.orderId, createdAt: freeze.createdAt }
        : null,
    };
  };
  const orderView = (o: OrderRow, userId: number) => views.order(o, userId, dec(o.coin));
  const after = (o: OrderRow, userId: number) => {
    d.changed(o);
    d.reschedule();
    return orderView(store.order(o.id)!, userId);
  };

  registry.add('legal/config', () => d.terms);
  registry.add('legal/me', (ctx) => me(uid(ctx)));

  registry.add('legal/methods', (ctx) => store.methods(uid(ctx)).map(toMethod));
  registry.add(
    'legal/methodSave',
    (ctx) => {
      const userId = uid(ctx);
      const editId = optionalIdField(ctx.input, 'id');
      const req: Partial<PaymentMethodReq> = Object.fromEntries(
        ['kind', 'realName', 'bank', 'cardNumber', 'account', 'nickname', 'qrId'].map((k) => [
          k,
          str(ctx.input, k),
        ]),
      );
      const m = checkPaymentMethod(req);
      if ('key' in m) throw fail(m.key, m.field);
      const verified = d.verifiedName(userId);
      if (m.realName && verified !== null && !sameHolder(m.realName, verified)) {
        throw fail('legalRealNameMismatch', 'realName');
      }
      if (m.qrId && !store.ownsUpload(m.qrId, userId)) throw fail('uploadRequired', 'qrId');
      const now = d.now();
      return store.sqlite.transaction(() => {
        let id: number;
        if (editId !== null) {
          const row = store.method(editId);
          if (!row || row.userId !== userId) throw notFound();
          id = row.id;
          store
            .s('methodUpdate')
            .run(m.kind, m.realName, m.bank, m.cardNumber, m.account, m.nickname, m.qrId, now, id);
        } else {
          if (store.methods(userId).length >= METHODS_MAX) throw fail('badRequest', 'id');
          id = Number(
            store
              .s('methodInsert')
              .run(userId, m.kind, m.realName, m.bank, m.cardNumber, m.account, m.nickname, m.qrId, now)
              .lastInsertRowid,
          );
        }
        if (m.qrId) store.keepImage(m.qrId, userId, 'method', now);
        return toMethod(store.method(id)!);
      })();
    },
    { limits: perUser('legal/methodSave') },
  );
  registry.add('legal/methodRemove', (ctx) => {
    const userId = uid(ctx);
    const row = store.method(idField(ctx.input, 'id'));
    if (!row || row.userId !== userId) throw notFound();
    // A sell ad still online needs a method of each kind it offers.
    const others = store.methods(userId).filter((m) => m.id !== row.id && m.kind === row.kind);
    const inUse = (
      store.s('adsOf').all(userId, null, null) as Array<{ side: string; status: string; methods: string }>
    ).some((a) => a.side === 'sell' && a.status !== 'withdrawn' && a.methods.split(',').includes(row.kind));
    if (inUse && others.length === 0) throw fail('legalMethodInUse', 'id');
    store.s('methodRemove').run(d.now(), row.id);
    return {};
  });

  registry.add('legal/ads', (ctx) => {
    const side = str(ctx.input, 'side');
    if (side !== 'buy' && side !== 'sell') throw fail('badRequest', 'side');
    const coin = str(ctx.input, 'coin').trim();
    const currency = str(ctx.input, 'currency').trim();
    // Ids below `before`, at most `limit` (the hall's `Page`); absent, the whole hall.
    const page = pageFields(ctx.input, HALL_MAX, HALL_MAX);
    // The user's `buy` tab lists the merchants' sell ads, cheapest first; `sell` their buy ads, best first.
    const adSide = side === 'buy' ? 'sell' : 'buy';
    const now = d.now();
    const rows = (store.s('hall').all(adSide, coin, currency) as ReturnType<typeof store.ad>[])
      .filter(
        (r) =>
          r &&
          r.id < page.before &&
          (r.expiresAt === null || r.expiresAt > now) &&
          !store.freeze(r.merchantId),
      )
      .map((r) => r!);
    const cache = new Map();
    const list = rows.map((r) => views.ad(r, dec(r.coin), cache));
    const rate = (x: string | null) => (x === null ? -1 : Number(x));
    list.sort((a, b) => {
      const pa = Number(a.price);
      const pb = Number(b.price);
      if (pa !== pb) return adSide === 'sell' ? pa - pb : pb - pa;
      return rate(b.merchant.stats.completionRate30d) - rate(a.merchant.stats.completionRate30d);
    });
    return list.slice(0, page.limit);
  });
  registry.add('legal/ad', (ctx) => {
    const ad = store.ad(idField(ctx.input, 'id'));
    if (!ad) throw notFound();
    return views.ad(ad, dec(ad.coin));
  });

  registry.add(
    'legal/take',
    (ctx) => {
      const userId = uid(ctx);
      const o = orders.take(userId, {
        adId: idField(ctx.input, 'adId'),
        by: str(ctx.input, 'by') as 'amount',
        value: str(ctx.input, 'value'),
      });
      return after(o, userId);
    },
    { limits: perUser('legal/take') },
  );
  registry.add('legal/orders', (ctx) => {
    const userId = uid(ctx);
    const { before, limit } = pageArgs(ctx.input);
    const status = str(ctx.input, 'status').trim();
    const open = status === 'open' ? 1 : 0;
    const exact = status && status !== 'open' ? status : null;
    const asMerchant = bool(ctx.input, 'asMerchant') ? 1 : 0;
    const rows = store
      .s('ordersOf')
      .all(userId, userId, before, exact, exact, open, asMerchant, userId, limit) as OrderRow[];
    return rows.map((o) => orderView(o, userId));
  });
  registry.add('legal/order', (ctx) => {
    const userId = uid(ctx);
    return orderView(orders.own(userId, idField(ctx.input, 'id')).order, userId);
  });
  registry.add('legal/pay', (ctx) => {
    const userId = uid(ctx);
    return after(orders.pay(userId, idField(ctx.input, 'id'), str(ctx.input, 'reference')), userId);
  });
  registry.add('legal/release', (ctx) => {
    const userId = uid(ctx);
    return after(orders.release(userId, idField(ctx.input, 'id')), userId);
  });
  registry.add('legal/cancel', (ctx) => {
    const userId = uid(ctx);
    return after(orders.cancel(userId, idField(ctx.input, 'id')), userId);
  });
  registry.add('legal/appeal', (ctx) => {
    const userId = uid(ctx);
    const o = orders.appeal(
      userId,
      idField(ctx.input, 'id'),
      str(ctx.input, 'reason'),
      str(ctx.input, 'evidence'),
    );
    return after(o, userId);
  });
  registry.add('legal/image', async (ctx) => {
    const userId = uid(ctx);
    const { order } = orders.own(userId, idField(ctx.input, 'orderId'));
    const id = str(ctx.input, 'id').trim();
    if (!visibleImages(store, order).has(id)) throw notFound();
    const img = await d.readUpload(id);
    if (!img) throw notFound();
    return { id, ...img };
  });
  registry.add('legal/messages', (ctx) => {
    const userId = uid(ctx);
    const { order } = orders.own(userId, idField(ctx.input, 'id'));
    return messagesOf(store, order);
  });
  registry.add(
    'legal/messageSend',
    (ctx) => {
      const userId = uid(ctx);
      const { order, role } = orders.own(userId, idField(ctx.input, 'id'));
      const text = str(ctx.input, 'text').trim();
      const imageId = str(ctx.input, 'imageId').trim();
      if (!text && !imageId) throw fail('required', 'text');
      if ([...text].length > LEGAL_MESSAGE_MAX) throw fail('textTooLong', 'text');
      if (imageId && !store.ownsUpload(imageId, userId)) throw fail('uploadRequired', 'imageId');
      const now = d.now();
      const id = store.sqlite.transaction(() => {
        if (imageId) store.keepImage(imageId, userId, 'chat', now);
        return Number(store.s('messageInsert').run(order.id, userId, text, imageId, now).lastInsertRowid);
      })();
      d.changed(order);
      const msg: OrderMessage = { id, role, text, imageId, at: now };
      return msg;
    },
    { limits: perUser('legal/messageSend') },
  );

  registry.add('legal/merchantApply', (ctx) => {
    const userId = uid(ctx);
    const nickname = str(ctx.input, 'nickname').trim().replace(/\s+/g, ' ');
    if (store.merchant(userId)) throw fail('legalAlreadyMerchant');
    if (store.latestApplication(userId)?.status === 'review') throw fail('legalApplyPending');
    // Spec §7 variant 3: 998 sends the user to identity verification, 997 to payment info.
    if (views.user(userId)?.kyc !== 'verified') throw new AppError('kyc', 'legalKycRequired');
    if (store.methods(userId).length === 0) throw new AppError('paymentInfo', 'legalMethodRequired');
    if (!nickname) throw fail('required', 'nickname');
    if ([...nickname].length > LEGAL_TEXT_MAX / 2) throw fail('textTooLong', 'nickname');
    store.s('appInsert').run(userId, nickname, d.now());
    return me(userId);
  });
  registry.add('legal/merchant', (ctx) => {
    const info = views.merchant(idField(ctx.input, 'userId'));
    if (!info) throw notFound();
    const now = d.now();
    const list = (
      store.s('adsOf').all(info.userId, 'online', 'online') as NonNullable<ReturnType<typeof store.ad>>[]
    )
      .filter((r) => r.remaining > 0 && (r.expiresAt === null || r.expiresAt > now))
      .map((r) => views.ad(r, dec(r.coin)));
    return { ...info, ads: list };
  });
  registry.add('legal/myAds', (ctx) => {
    const userId = uid(ctx);
    const status = str(ctx.input, 'status').trim() || null;
    return (store.s('adsOf').all(userId, status, status) as NonNullable<ReturnType<typeof store.ad>>[]).map(
      (r) => views.ad(r, dec(r.coin)),
    );
  });
  registry.add(
    'legal/adSave',
    (ctx) => {
      const userId = uid(ctx);
      const req = {
        ...Object.fromEntries(
          ['side', 'coin', 'currency', 'price', 'min', 'max', 'total', 'methods'].map((k) => [
            k,
            str(ctx.input, k),
          ]),
        ),
        // Not `str`, which reads a list as absent: `autoCancelMin[]=5` would publish with no timer.
        autoCancelMin: integerText(ctx.input, 'autoCancelMin'),
      };
      const editId = optionalIdField(ctx.input, 'id');
      const row = editId !== null ? ads.edit(userId, editId, req) : ads.publish(userId, req as never);
      d.reschedule();
      return views.ad(row, dec(row.coin));
    },
    { limits: perUser('legal/adSave') },
  );
  registry.add('legal/adPause', (ctx) => {
    const row = ads.pause(uid(ctx), idField(ctx.input, 'id'), bool(ctx.input, 'paused'));
    return views.ad(row, dec(row.coin));
  });
  registry.add('legal/adWithdraw', (ctx) => {
    const row = ads.withdraw(uid(ctx), idField(ctx.input, 'id'));
    d.reschedule();
    return views.ad(row, dec(row.coin));
  });
}

/** Images the parties of `order` may see: the payee's code images, appeal evidence and chat images. */
export function visibleImages(store: LegalStore, order: OrderRow): Set<string> {
  const ids = new Set<string>();
  for (const m of JSON.parse(order.payee) as Array<{ qrId: string }>) if (m.qrId) ids.add(m.qrId);
  const appeal = store.appeal(order.id);
  if (appeal) for (const e of JSON.parse(appeal.evidence) as string[]) ids.add(e);
  for (const m of messagesOf(store, order)) if (m.imageId) ids.add(m.imageId);
  return ids;
}

function messagesOf(store: LegalStore, order: OrderRow): OrderMessage[] {
  const rows = store.s('messages').all(order.id) as Array<{
    id: number;
    userId: number;
    text: string;
    imageId: string;
    createdAt: number;
  }>;
  return rows.map((r) => ({
    id: r.id,
    role: r.userId === order.buyerId ? 'buyer' : 'seller',
    text: r.text,
    imageId: r.imageId,
    at: r.createdAt,
  }));
}
