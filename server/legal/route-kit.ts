import type { LegalMe, LegalOrder } from '../../domain/legal';
import { nextUtcDay } from '../../domain/legal-rules';
import { sessionOf, type HandlerContext, type LimitSpec } from '../http';
import type { LegalTerms } from '../market';
import type { AdService } from './ad-service';
import type { OrderService } from './order-service';
import type { LegalStore, OrderRow } from './store';
import type { LegalViews } from './views';

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
  verifiedName(userId: number): Promise<string | null>;
  /** Reads an upload's bytes, or null when the area cannot reach the upload directory. */
  readUpload(id: string): Promise<{ mime: string; data: string } | null>;
  /** After the command that changed an order committed: push it to both parties. */
  changed(order: OrderRow): Promise<void>;
  /** After ads or orders changed: the timers recompute their next wake-up (in the background). */
  reschedule(): void;
}

/** What every group of the user's fiat routes shares, made once per registration (`legalRouteKit`). */
export interface LegalRouteKit {
  /** The signed-in caller's user id. */
  uid(ctx: HandlerContext): number;
  /** The per-user budget (LEGAL_WRITE_LIMIT) of the write endpoint `name`. */
  perUser(name: string): LimitSpec[];
  /** Decimals of a coin's amounts. */
  dec(coin: string): number;
  /** The caller's fiat state: merchant, application, methods, cancels left today, freeze. */
  me(userId: number): Promise<LegalMe>;
  /** An order as `userId` (a party of it) sees it. */
  orderView(o: OrderRow, userId: number): Promise<LegalOrder>;
  /**
   * After a command changed order `o` and committed: push it, reschedule the timers, answer its
   * stored state.
   */
  after(o: OrderRow, userId: number): Promise<LegalOrder>;
}

/** The helpers the route groups share, over the routes' dependencies. */
export function legalRouteKit(d: LegalRouteDeps): LegalRouteKit {
  const { store, views, orders } = d;
  const dec = (coin: string) => orders.decimalsOf(coin);
  const orderView = (o: OrderRow, userId: number) => views.order(o, userId, dec(o.coin));
  return {
    uid: (ctx) => sessionOf(ctx).userId,
    perUser: (name) => [
      { ...LEGAL_WRITE_LIMIT, key: (ctx) => `${name}:${sessionOf(ctx).userId}`, errorKey: 'rateLimited' },
    ],
    dec,
    async me(userId) {
      const app = await store.latestApplication(userId);
      const freeze = await store.freeze(userId);
      const c = await orders.cancelsToday(userId);
      return {
        userId,
        merchant: await views.merchant(userId),
        application: app
          ? { status: app.status, reason: app.reason, at: app.decidedAt ?? app.createdAt }
          : null,
        kycVerified: (await views.user(userId))?.kyc === 'verified',
        methods: (await store.methods(userId)).length,
        cancelsToday: c.count,
        cancelsLeft: c.left,
        cancelsResetAt: nextUtcDay(d.now()),
        freeze: freeze
          ? { id: freeze.id, reason: freeze.reason, orderId: freeze.orderId, createdAt: freeze.createdAt }
          : null,
      };
    },
    orderView,
    async after(o, userId) {
      await d.changed(o);
      d.reschedule();
      return orderView((await store.order(o.id))!, userId);
    },
  };
}
