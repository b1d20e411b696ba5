/**
 * Every kind of ledger transaction the server writes, in the order the journal filter lists them
 * (by area). The ledger's `TxMeta.kind` is typed with this union, so a new kind does not compile
 * until it is added here, and tests/unit/ui/assets-format.test.ts fails until each language names it.
 */
export const JOURNAL_KINDS = [
  // Funding: deposits, withdrawals and transfers between the user's accounts.
  'deposit.crypto',
  'deposit.bank',
  'withdraw.freeze',
  'withdraw.send',
  'withdraw.reject',
  'withdraw.cancel',
  'transfer',
  // Spot orders (server/trade/order-service.ts).
  'spot.freeze',
  'spot.trade',
  'spot.release',
  // Contracts (server/lever/money.ts: `lever.` and the settlement rule).
  'lever.open',
  'lever.entrust',
  'lever.limitEntry',
  'lever.cancel',
  'lever.close',
  'lever.batchClose',
  'lever.tp',
  'lever.sl',
  'lever.liquidation',
  'lever.overnightFee',
  // Timed options (server/second/option-service.ts).
  'second.stake',
  'second.win',
  'second.loss',
  'second.refund',
  // P2P ads and orders (server/legal/escrow.ts).
  'legal.ad.freeze',
  'legal.ad.unfreeze',
  'legal.escrow',
  'legal.release',
  'legal.return',
  // New-coin subscription (server/ieo/money.ts): commit frozen, total issue in, allocation.
  'ieo.commit',
  'ieo.issue',
  'ieo.allocate',
  // Lock-up mining and deposit savings (server/lockming/money.ts); the house's reserve top-up.
  'lockming.lock',
  'lockming.interest',
  'lockming.maturity',
  'lockming.redeem',
  'lockming.reserve',
  // A share of a direct referral's spot fee, paid by the house (server/identity/rebates.ts).
  'rebate',
  // Demo mode only: grants to the demo account and the simulator's bots.
  'demo.grant',
  'demo.leverGrant',
  'sim.grant',
  'sim.topup',
] as const;

/** One kind of ledger transaction the server writes. */
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/**
 * Kinds a program adds to what the ledger accepts, by declaration merging. Empty for the server and
 * the app; the tests' program (tests/ledger-kinds.d.ts) lets its fixtures name any kind, such as
 * `test.grant`, as the ledger itself stores any well-formed kind.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ExtraLedgerKinds {}

/** What the ledger's `TxMeta.kind` accepts: a kind the server writes (plus any a test program adds). */
export type LedgerKind = JournalKind | Extract<keyof ExtraLedgerKinds, string>;

/** The part after `<area>.` of the kinds of one area (`lever` → `open` | `close` | …). */
export type KindsOf<Area extends string> = JournalKind extends infer K
  ? K extends `${Area}.${infer Rest}`
    ? Rest
    : never
  : never;

/** The filter's group of a kind: its area, with deposits, withdrawals and transfers as funding. */
export type JournalGroup = 'funding' | 'spot' | 'lever' | 'second' | 'legal' | 'other';

/** The group a kind is listed under in the journal filter. */
export function journalGroupOf(kind: JournalKind): JournalGroup {
  const area = kind.split('.')[0];
  if (area === 'deposit' || area === 'withdraw' || area === 'transfer') return 'funding';
  if (area === 'spot' || area === 'lever' || area === 'second' || area === 'legal') return area;
  return 'other';
}

/** True when `value` is a kind the server writes. */
export function isJournalKind(value: string): value is JournalKind {
  return (JOURNAL_KINDS as readonly string[]).includes(value);
}
