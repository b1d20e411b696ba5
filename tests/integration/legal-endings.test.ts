// Issue 30: every P2P order ending × ad side × who the parties are, with every party's available and
// frozen `legal` balance after each step. The escrow rule (server/legal/escrow.ts): a sell ad's coin
// is frozen by the ad and an order ending without a trade gives it back to the ad while the ad is
// published; on a buy ad the taker's coin is frozen by the order itself and every such ending must
// give it back to the taker, whatever the ad's state (item 4: `keptByAd` ignoring the side left it
// frozen).
import { beforeAll, describe, expect, it } from 'vitest';
import type { LegalAd } from '../../domain/legal';
import { dataOf, fund } from '../support/assets';
import { opsCall } from '../support/bank';
import {
  Cast,
  ENDINGS_TERMS,
  QTY,
  runScenario,
  type Ending,
  type Scenario,
  type Side,
  type Snapshot,
  type Step,
} from '../support/legal-endings';
import {
  addBank,
  as,
  legalBalance,
  merchant,
  person,
  publish,
  startLegalServer,
  take,
  U,
} from '../support/legal';
import { checkedServer } from '../support/suite';

const env = checkedServer(() => startLegalServer({ catalog: { legal: ENDINGS_TERMS } }));
let cast: Cast;
beforeAll(() => {
  cast = new Cast(env.server);
});

/** Signed USDT text to ledger units. */
const D = (v: string): bigint => (v.startsWith('-') ? -U(v.slice(1)) : U(v.replace('+', '')));

/** [owner available, owner frozen, taker available, taker frozen, house available], as changes. */
type Row = [string, string, string, string, string];
/** The phases of an order's escrow and what each leaves, per ad side, and the ad's remaining. */
interface Phases {
  published: Row;
  /** Taken, paid, appealed: the order holds QTY. */
  held: Row;
  traded: Row;
  returned: Row;
  /** The ad withdrawn after a trade: the owner's untaken coin is unfrozen. */
  tradedClosed: Row;
  returnedClosed: Row;
  /** The ad withdrawn while the order is open, which keeps its own escrow. */
  heldWithdrawn: Row;
}

// Fees: the buyer pays its rate in coin on release: the taker rate (0.001) when the taker buys from a
// sell ad, 0.02 of 20; the maker rate (0.002) when the owner buys through a buy ad, 0.04 of 20.
const PHASES: Record<Side, Phases> = {
  sell: {
    published: ['-500', '+500', '0', '0', '0'],
    held: ['-500', '+500', '0', '0', '0'],
    traded: ['-500', '+480', '+19.98', '0', '+0.02'],
    returned: ['-500', '+500', '0', '0', '0'],
    tradedClosed: ['-20', '0', '+19.98', '0', '+0.02'],
    returnedClosed: ['0', '0', '0', '0', '0'],
    heldWithdrawn: ['-20', '+20', '0', '0', '0'],
  },
  buy: {
    published: ['0', '0', '0', '0', '0'],
    held: ['0', '0', '-20', '+20', '0'],
    traded: ['+19.96', '0', '-20', '0', '+0.04'],
    returned: ['0', '0', '0', '0', '0'],
    tradedClosed: ['+19.96', '0', '-20', '0', '+0.04'],
    returnedClosed: ['0', '0', '0', '0', '0'],
    heldWithdrawn: ['0', '0', '-20', '+20', '0'],
  },
};

const STATUS: Record<Ending, string> = {
  release: 'completed',
  decideRelease: 'completed',
  cancel: 'cancelled',
  expire: 'cancelled',
  decideReturn: 'withdrawn',
  decideFraud: 'abnormal',
};

const snap = (row: Row, remaining: string, status?: string): Snapshot => ({
  owner: { available: D(row[0]), frozen: D(row[1]) },
  taker: { available: D(row[2]), frozen: D(row[3]) },
  house: D(row[4]),
  remaining,
  ...(status && { status }),
});

/** The steps `s` must show, from the table above. */
function expected(s: Scenario): Array<[Step, Snapshot]> {
  const p = PHASES[s.side];
  const traded = STATUS[s.ending] === 'completed';
  const state = s.adAtEnd ?? 'online';
  const left = (500 - Number(QTY)).toFixed(2);
  const out: Array<[Step, Snapshot]> = [
    ['published', snap(p.published, '500.00')],
    ['taken', snap(p.held, left, 'pending')],
  ];
  let status = 'pending';
  if (s.ending === 'release' || s.ending.startsWith('decide'))
    out.push(['paid', snap(p.held, left, (status = 'paid'))]);
  if (s.ending.startsWith('decide')) out.push(['appealed', snap(p.held, left, (status = 'appeal'))]);
  if (state === 'paused') out.push(['adPaused', snap(p.held, left, status)]);
  if (state === 'withdrawn') out.push(['adWithdrawn', snap(p.heldWithdrawn, '0.00', status)]);
  // A withdrawn ad gets nothing back; a published one (online or paused) gets back what was not traded.
  const remaining = state === 'withdrawn' ? '0.00' : traded ? left : '500.00';
  const ended = traded ? p.traded : state === 'withdrawn' ? p.returnedClosed : p.returned;
  out.push(['ended', snap(ended, remaining, STATUS[s.ending])]);
  if (state !== 'withdrawn') {
    out.push(['closed', snap(traded ? p.tradedClosed : p.returnedClosed, '0.00', STATUS[s.ending])]);
  }
  return out;
}

const name = (s: Scenario) =>
  [
    `${s.side} ad`,
    s.ending,
    `taker ${s.taker}`,
    s.appellant && `appeal by ${s.appellant}`,
    s.adAtEnd && `ad ${s.adAtEnd}`,
  ]
    .filter(Boolean)
    .join(', ');

const SIDES: Side[] = ['sell', 'buy'];
const TAKERS = ['user', 'merchant'] as const;
const DIRECT: Ending[] = ['release', 'cancel', 'expire'];
const DECIDED: Ending[] = ['decideRelease', 'decideReturn', 'decideFraud'];

const online: Scenario[] = SIDES.flatMap((side) =>
  TAKERS.flatMap((taker) => [
    ...DIRECT.map((ending) => ({ side, ending, taker })),
    ...DECIDED.flatMap((ending) =>
      (['owner', 'taker'] as const).map((appellant) => ({ side, ending, taker, appellant })),
    ),
  ]),
);

describe('each ending of an order on an online ad', () => {
  it.each(online.map((s) => [name(s), s] as const))('%s', async (_, s) => {
    expect(await runScenario(env.server, cast, s)).toEqual(expected(s));
  });
});

// Ad states in which the order's ending changes where the coin goes: a paused ad is still published,
// a withdrawn one takes nothing back.
const states: Scenario[] = SIDES.flatMap((side) =>
  (['paused', 'withdrawn'] as const).flatMap((adAtEnd) =>
    (['cancel', 'decideReturn'] as const).map((ending) => ({
      side,
      ending,
      taker: 'user' as const,
      adAtEnd,
      ...(ending === 'decideReturn' && { appellant: 'owner' as const }),
    })),
  ),
);

describe('an order ending without a trade after its ad was paused or withdrawn', () => {
  it.each(states.map((s) => [name(s), s] as const))('%s', async (_, s) => {
    expect(await runScenario(env.server, cast, s)).toEqual(expected(s));
  });
});

describe('a user who sells into an online buy ad (item 4)', () => {
  it('has the escrow available again, frozen 0, after a cancel, an expiry and a return decision', async () => {
    const { origin, dataDir } = env.server;
    const m = await merchant(origin, dataDir, '0');
    const ad = await publish(origin, m, { side: 'buy', total: '500', methods: 'bank' });
    const u = await person(origin);
    await fund(dataDir, u.id, 'USDT', '100', 'legal');
    await addBank(origin, u, 'Han Mei');
    const endings: Array<[string, (id: number) => Promise<unknown>]> = [
      ['cancel', async (id) => dataOf(await as(origin, m, 'legal/cancel', { id }))],
      [
        'expire',
        async () => {
          env.server.clock.advance(10 * 60_000);
          return env.server.legal.sweep();
        },
      ],
      [
        'return',
        async (id) => {
          dataOf(await as(origin, m, 'legal/pay', { id, reference: 'R' }));
          dataOf(await as(origin, u, 'legal/appeal', { id, reason: 'Not paid' }));
          return opsCall(origin, 'POST', 'legal/appeals/decide', { orderId: id, outcome: 'return' });
        },
      ],
    ];
    // The user's balance after each take and each ending, so a failure shows the whole sequence.
    const seen: Array<[string, string, bigint, bigint]> = [];
    const look = async (ending: string, step: string) => {
      const b = await legalBalance(dataDir, u.id);
      seen.push([ending, step, b.available, b.frozen]);
    };
    for (const [ending, run] of endings) {
      const o = await take(origin, u, ad.id, 'qty', QTY);
      await look(ending, 'taken');
      await run(o.id);
      await look(ending, 'ended');
    }
    expect(seen).toEqual(
      ['cancel', 'expire', 'return'].flatMap((e) => [
        [e, 'taken', U('80'), U('20')],
        [e, 'ended', U('100'), 0n],
      ]),
    );
    // The ad is online all along, with its capacity back; the merchant's balance never moved.
    expect(dataOf<LegalAd>(await as(origin, null, 'legal/ad', { id: ad.id }))).toMatchObject({
      status: 'online',
      remaining: '500.00',
    });
    expect(await legalBalance(dataDir, m.id)).toEqual({ available: 0n, frozen: 0n });
  });
});
