/**
 * A fiat order service over an in-memory database with every migration applied, two users with
 * payment methods, and helpers to publish ads as the ad service leaves them (a sell ad's remaining
 * quantity frozen in the merchant's `legal` account). For unit tests that assert every party's
 * balances after each step of an order (tests/unit/legal/*.mutation.test.ts).
 */
import type SQLite from 'better-sqlite3';
import { openTestDatabase, type Db } from '../../support/db';
import {
  HOUSE_USER_ID,
  Ledger,
  WORLD_USER_ID,
  ledgerViolations,
  type Balance,
  type Holder,
} from '../../../server/ledger';
import { OrderService } from '../../../server/legal/order-service';
import { LegalStore } from '../../../server/legal/store';
import type { LegalTerms } from '../../../server/market/catalog';
import { OpsJournal } from '../../../server/ops/ops-journal';

/** One coin in ledger units (1e-8). */
export const COIN = 100_000_000n;
/** The merchant who publishes the ads, and the user who takes them. */
export const MERCHANT = 1;
export const USER = 2;
/** A fixed clock: 2026-03-10 12:00 UTC. */
export const T0 = Date.UTC(2026, 2, 10, 12);

/** Fee rates that differ, so a test sees which one an order charged. */
export const TERMS: LegalTerms = {
  coins: [{ coin: 'USDT', decimals: 2 }],
  currencies: ['CNY'],
  langCurrency: { zh: 'CNY' },
  paymentMinutes: 10,
  cancelsPerDay: 3,
  makerFee: '0.01',
  takerFee: '0.02',
};

/** Options of an ad the harness publishes. */
export interface AdOptions {
  qty?: bigint;
  priceCents?: number;
  status?: string;
  expiresAt?: number | null;
}

/**
 * What a test drives and reads. The service runs its commands on the database's one writer;
 * `sqlite` is the same database's handle for a test's own set-up rows and checks, used only while
 * no command runs (every call of the service is awaited).
 */
export interface LegalHarness {
  db: Db;
  sqlite: SQLite.Database;
  clock: { now: number };
  ledger: Ledger;
  store: LegalStore;
  orders: OrderService;
  grant: (userId: number, units: bigint) => Promise<unknown>;
  ad: (side: 'buy' | 'sell', opts?: AdOptions) => Promise<number>;
  bal: (userId: number) => Promise<Pick<Balance, 'available' | 'frozen'>>;
  house: () => Promise<Balance['available']>;
  remaining: (adId: number) => Promise<number>;
  setAdStatus: (adId: number, status: string) => unknown;
  violations: () => Promise<string[]>;
}

/** Builds the service; `clock.now` may be moved by the test. */
export async function legalHarness(terms: LegalTerms = TERMS): Promise<LegalHarness> {
  const db = await openTestDatabase(':memory:');
  const sqlite: SQLite.Database = db.sqlite;
  const clock = { now: T0 };
  const now = () => clock.now;
  const addUser = sqlite.prepare(
    `insert into users (id, account, account_kind, password_hash, promo_code, created_at)
     values (?, ?, 'email', 'x', ?, 0)`,
  );
  for (const id of [MERCHANT, USER, 3]) addUser.run(id, `u${id}@example.com`, `P${id}`);
  const addMethod = sqlite.prepare(
    `insert into legal_methods (user_id, kind, real_name, bank, card_number, account, nickname, qr_id,
       updated_at) values (?, ?, 'Name', 'Bank', '6222020000000000', '', '', '', 0)`,
  );
  addMethod.run(MERCHANT, 'bank');
  addMethod.run(USER, 'bank');
  const { engine } = db;
  const ledger = await Ledger.open(engine, 'database', now);
  const store = new LegalStore(engine);
  const journal = new OpsJournal(engine, now);
  const orders = new OrderService({ engine, ledger, store, journal, terms, now });
  const wallet = (userId: number): Holder => ({ userId, account: 'legal', coin: 'USDT' });
  const grant = (userId: number, units: bigint) =>
    engine.writer.run(() =>
      ledger.transfer(
        { kind: 'demo.grant', refType: 'test', refId: String(userId), actor: 'test' },
        { userId: WORLD_USER_ID, account: 'legal', coin: 'USDT' },
        wallet(userId),
        units,
      ),
    );
  const addAd = sqlite.prepare(
    `insert into legal_ads (merchant_id, side, coin, currency, price, min_amount, max_amount, total,
       remaining, methods, auto_cancel_min, expires_at, status, created_at, updated_at)
     values (?, ?, 'USDT', 'CNY', ?, ?, ?, ?, ?, 'bank', 0, ?, ?, 0, 0)`,
  );
  /**
   * Publishes an ad of `qty` coin at `priceCents` per coin (limits 1.00 to 10 000.00 CNY); a sell
   * ad's quantity is granted to the merchant and frozen for it, as the ad service does.
   */
  const ad = async (side: 'buy' | 'sell', opts: AdOptions = {}): Promise<number> => {
    const qty = opts.qty ?? 100n * COIN;
    if (side === 'sell') {
      await grant(MERCHANT, qty);
      await engine.writer.run(() =>
        ledger.freeze(
          { kind: 'legal.ad.freeze', refType: 'legal_ads', refId: 'new', actor: 'test' },
          wallet(MERCHANT),
          qty,
        ),
      );
    }
    return Number(
      addAd.run(
        MERCHANT,
        side,
        opts.priceCents ?? 700,
        100,
        1_000_000,
        Number(qty),
        Number(qty),
        opts.expiresAt ?? null,
        opts.status ?? 'online',
      ).lastInsertRowid,
    );
  };
  /** Available and frozen of a user's committed `legal` USDT, in ledger units. */
  const bal = async (userId: number) => {
    const b = await ledger.balance(wallet(userId));
    return { available: b.available, frozen: b.frozen };
  };
  const house = async () =>
    (await ledger.balance({ userId: HOUSE_USER_ID, account: 'legal', coin: 'USDT' })).available;
  const remaining = async (adId: number) => (await store.ad(adId))!.remaining;
  const setAdStatus = (adId: number, status: string) =>
    sqlite.prepare('update legal_ads set status = ? where id = ?').run(status, adId);
  const violations = () => ledgerViolations(engine);
  return {
    db,
    sqlite,
    clock,
    ledger,
    store,
    orders,
    grant,
    ad,
    bal,
    house,
    remaining,
    setAdStatus,
    violations,
  };
}
