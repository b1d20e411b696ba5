// Runs one P2P order from an ad's publication to one of its endings and records, after each step,
// every party's `legal` USDT balance: the ad's owner (a merchant), the taker and the house (fees).
import type { LegalAd, LegalOrder } from '../../domain/legal';
import { HOUSE_USER_ID } from '../../server/ledger';
import { DEFAULT_LEGAL_TERMS } from '../../server/market/catalog';
import { dataOf, fund } from './assets';
import { opsCall } from './bank';
import { addBank, as, merchant, person, publish, take, type LegalServer, type Person } from './legal';
import { withServerDb } from './server-db';

export type Side = 'sell' | 'buy';
/** How the order ends; `decide*` go through an appeal and the operator's decision. */
export type Ending = 'release' | 'cancel' | 'expire' | 'decideRelease' | 'decideReturn' | 'decideFraud';
export type Party = 'owner' | 'taker';
/** The taker: a plain user, or another merchant whose own sell ad (300 USDT) stays frozen meanwhile. */
export type TakerKind = 'user' | 'merchant';
/** The ad's state when the order ends: as published, paused or withdrawn by its owner meanwhile. */
export type AdState = 'online' | 'paused' | 'withdrawn';

/** Fee rates of the server these scenarios run on, so a release shows the fee in the house's balance. */
export const ENDINGS_TERMS = { ...DEFAULT_LEGAL_TERMS, takerFee: '0.001', makerFee: '0.002' };

export interface Scenario {
  side: Side;
  ending: Ending;
  taker: TakerKind;
  /** Who opens the appeal of a `decide*` ending. */
  appellant?: Party;
  adAtEnd?: AdState;
}

/** A party's `legal` USDT, ledger units (1e-8). */
export interface Balance {
  available: bigint;
  frozen: bigint;
}

/** What one step leaves: both parties' balances and the house's available, as changes from the start. */
export interface Snapshot {
  owner: Balance;
  taker: Balance;
  house: bigint;
  /** The ad's remaining quantity (USDT). */
  remaining: string;
  /** The order's status, once there is an order. */
  status?: string;
}

/** Steps in the order they run; which of them a scenario has depends on its ending and ad state. */
export type Step =
  'published' | 'taken' | 'paid' | 'appealed' | 'adPaused' | 'adWithdrawn' | 'ended' | 'closed';

/** The taker's quantity, USDT: 140.00 CNY at the ad's 7.00. */
export const QTY = '20';

/**
 * The parties, made once and reused: one owner per ad side and taker kind, one taker per ad side and
 * kind (each owner publishes up to 13 ads, under the 30 a minute the server allows). Each scenario
 * reads its parties' balances at its start and leaves nothing behind: its ad withdrawn, a fraud
 * freeze lifted, a cancellation's count left behind in a past UTC day.
 */
export class Cast {
  readonly #parties = new Map<string, Promise<Person>>();

  constructor(private readonly server: LegalServer) {}

  owner(s: Scenario): Promise<Person> {
    return this.#once(`owner ${s.side} ${s.taker}`, () =>
      merchant(this.server.origin, this.server.dataDir, '1000'),
    );
  }

  taker(s: Scenario): Promise<Person> {
    return this.#once(`taker ${s.side} ${s.taker}`, () => newTaker(this.server, s.taker));
  }

  #once(key: string, make: () => Promise<Person>): Promise<Person> {
    let p = this.#parties.get(key);
    if (!p) this.#parties.set(key, (p = make()));
    return p;
  }
}

/** The parties' `legal` USDT and the house's, read in one go. */
async function balances(dataDir: string, ids: { owner: number; taker: number }) {
  const rows = await withServerDb(
    dataDir,
    (db) =>
      db.all<Balance & { user_id: bigint }>(
        `select user_id, available, frozen from balances
         where user_id in (?, ?, ?) and account = 'legal' and coin = 'USDT'`,
        ids.owner,
        ids.taker,
        HOUSE_USER_ID,
      ),
    { bigints: true },
  );
  const of = (id: number): Balance => {
    const row = rows.find((r) => r.user_id === BigInt(id));
    return row ? { available: row.available, frozen: row.frozen } : { available: 0n, frozen: 0n };
  };
  return { owner: of(ids.owner), taker: of(ids.taker), house: of(HOUSE_USER_ID).available };
}

const minus = (a: Balance, b: Balance): Balance => ({
  available: a.available - b.available,
  frozen: a.frozen - b.frozen,
});

/**
 * Runs `s` on `server` with the parties of `cast` and returns the snapshot after each step, every
 * balance as a change from the scenario's start. `closed`: the owner withdraws the ad at the end
 * (unless already withdrawn), so every unit the scenario froze must be accounted for.
 */
export async function runScenario(
  server: LegalServer,
  cast: Cast,
  s: Scenario,
): Promise<Array<[Step, Snapshot]>> {
  const { origin, dataDir } = server;
  const owner = await cast.owner(s);
  const taker = await cast.taker(s);
  const ids = { owner: owner.id, taker: taker.id };
  const start = await balances(dataDir, ids);
  const steps: Array<[Step, Snapshot]> = [];
  /** The order once taken; the snapshots read its status. */
  const taken: { order?: LegalOrder } = {};
  const ad = await publish(origin, owner, { side: s.side, total: '500', methods: 'bank' });
  const snap = async (step: Step) => {
    const now = await balances(dataDir, ids);
    const view = dataOf<LegalAd>(await as(origin, null, 'legal/ad', { id: ad.id }));
    const id = taken.order?.id;
    const status = id && dataOf<LegalOrder>(await as(origin, taker, 'legal/order', { id })).status;
    steps.push([
      step,
      {
        owner: minus(now.owner, start.owner),
        taker: minus(now.taker, start.taker),
        house: now.house - start.house,
        remaining: view.remaining,
        ...(status && { status }),
      },
    ]);
  };
  await snap('published');
  const order = (taken.order = await take(origin, taker, ad.id, 'qty', QTY));
  await snap('taken');
  // On a sell ad the taker buys; on a buy ad the owner does.
  const buyer = s.side === 'sell' ? taker : owner;
  const seller = s.side === 'sell' ? owner : taker;
  const paidFirst = s.ending === 'release' || s.ending.startsWith('decide');
  if (paidFirst) {
    dataOf(await as(origin, buyer, 'legal/pay', { id: order.id, reference: 'PAY-1' }));
    await snap('paid');
  }
  if (s.ending.startsWith('decide')) {
    const by = s.appellant === 'owner' ? owner : taker;
    dataOf(await as(origin, by, 'legal/appeal', { id: order.id, reason: 'No agreement' }));
    await snap('appealed');
  }
  if (s.adAtEnd === 'paused') {
    dataOf(await as(origin, owner, 'legal/adPause', { id: ad.id, paused: true }));
    await snap('adPaused');
  } else if (s.adAtEnd === 'withdrawn') {
    dataOf(await as(origin, owner, 'legal/adWithdraw', { id: ad.id }));
    await snap('adWithdrawn');
  }
  await end(server, s.ending, order, buyer, seller);
  await snap('ended');
  if (s.adAtEnd !== 'withdrawn') {
    dataOf(await as(origin, owner, 'legal/adWithdraw', { id: ad.id }));
    await snap('closed');
  }
  await restore(server, s, buyer);
  return steps;
}

/** Lets the parties take part in the next scenario: lifts a fraud freeze, starts a new UTC day. */
async function restore(server: LegalServer, s: Scenario, buyer: Person): Promise<void> {
  if (s.ending === 'decideFraud') {
    const f = await opsCall(server.origin, 'GET', 'legal/freezes', { account: buyer.account });
    const lifted = await opsCall(server.origin, 'POST', 'legal/freezes/lift', {
      id: (f.body.data as { id: number }).id,
      reason: 'test scenario over',
    });
    if (lifted.status !== 200) throw new Error(`lift failed: ${JSON.stringify(lifted.body)}`);
  }
  if (s.ending === 'cancel' || s.ending === 'expire') {
    // Three cancellations in a UTC day stop a user from buying: the next scenario runs the next day.
    const now = server.clock.now();
    server.clock.advance(DAY_MS - (now % DAY_MS) + 1);
  }
}

const DAY_MS = 86_400_000;

/** A taker with plenty of coin to sell; one who sells into a buy ad needs a bank method. */
async function newTaker(server: LegalServer, kind: TakerKind): Promise<Person> {
  const { origin, dataDir } = server;
  if (kind === 'merchant') {
    // Its own sell ad (300 USDT) stays online and frozen through every scenario it takes part in.
    const m = await merchant(origin, dataDir, '1000');
    await publish(origin, m, { total: '300', currency: 'HKD' });
    return m;
  }
  const u = await person(origin);
  await fund(dataDir, u.id, 'USDT', '1000', 'legal');
  await addBank(origin, u, 'Han Mei');
  return u;
}

/** Ends `order` as `ending` says: by the party allowed to, the pay-window timer, or an operator. */
async function end(
  server: LegalServer,
  ending: Ending,
  order: LegalOrder,
  buyer: Person,
  seller: Person,
): Promise<void> {
  const { origin } = server;
  switch (ending) {
    case 'release':
      dataOf(await as(origin, seller, 'legal/release', { id: order.id }));
      return;
    case 'cancel':
      dataOf(await as(origin, buyer, 'legal/cancel', { id: order.id }));
      return;
    case 'expire': {
      // The pay window ends at the deadline's millisecond; the timer's sweep, run here at once, expires it.
      server.clock.advance(order.payDeadline - server.clock.now());
      const n = await server.legal.sweep();
      if (n !== 1) throw new Error(`sweep expired ${n} orders, expected 1`);
      return;
    }
    default: {
      const outcome = ending === 'decideRelease' ? 'release' : 'return';
      const fields = { orderId: order.id, outcome, ...(ending === 'decideFraud' && { fraud: 'true' }) };
      const r = await opsCall(origin, 'POST', 'legal/appeals/decide', fields, 'olga');
      if (r.status !== 200) throw new Error(`decide failed: ${JSON.stringify(r.body)}`);
    }
  }
}
