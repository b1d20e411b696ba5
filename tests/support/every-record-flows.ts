// The flows that put at least one row into every table: each area's own, through the real HTTP API
// and the operator API, with the support helpers its integration tests use.
import type { SessionGrant } from '../../domain';
import type { LeverModule } from '../../server/lever/module';
import type { LockmingModule } from '../../server/lockming/module';
import type { AuthCodeGrant, RebateLine } from '../../domain/identity-endpoints';
import { registerUser, TEST_PASSWORD } from './accounts';
import { callApi } from './api';
import { call, dataOf, fund } from './assets';
import { bankDeposit, depositor, opsCall, PNG, uploadProof } from './bank';
import { mine, opsData, simDeposit } from './deposits';
import { verifyIdentity } from './identity';
import { addBank, as, merchant, person, publish, take } from './legal';
import { asOperator, createOperator } from './operators';
import { placeOption, settled, trade, until, type User } from './second';
import type { TestServer } from './server';
import { approve, requestWithdraw, withdrawer } from './withdrawals';
import { ieoRecords } from './every-record-ieo';

/** A server of this exchange: the test server and the lever area's handle (the overnight run). */
export interface ExchangeServer extends TestServer {
  lever: LeverModule;
  /** The lock-up area's handle (payouts run by the build, not a timer). */
  lockming: LockmingModule;
}

/** A user the build made: its session (on the source) and account, to sign in on a copy. */
export interface SummaryUser {
  id: number;
  account: string;
  /** A session token issued by the source server. */
  token: string;
}

/** What the build made: its users by role, and two images kept in the two ways images are kept. */
export interface EveryRecordSummary {
  users: Record<string, SummaryUser>;
  /** A bank deposit's proof: an upload, its bytes in DATA_DIR/uploads on either engine. */
  proofId: string;
  /** A support-chat image, its bytes in the database (`kefu_images.data`). */
  kefuImageId: string;
}

/** Calls an operator route as `operator` and returns its data; throws with the reply on refusal. */
async function ops<T = unknown>(
  origin: string,
  method: 'GET' | 'POST',
  name: string,
  fields: Record<string, string | number> = {},
  operator = 'alice',
): Promise<T> {
  const r = await opsCall(origin, method, name, fields, operator);
  if (r.status !== 200 || r.body?.code !== 200) throw new Error(`ops ${name}: ${JSON.stringify(r.body)}`);
  return r.body.data as T;
}

const userOf = (g: SessionGrant): SummaryUser => ({ id: g.user.id, account: g.user.account, token: g.token });

/**
 * Fills every table of the schema on `s` (a server started by `startExchange`): accounts, sessions,
 * codes, the outbox, a password ticket; KYC, an agent's team join, an unused authorisation code and
 * a referral's rebates; spot orders, trades and candles; a crypto deposit on the simulated chain, a
 * transfer, a bank card and a confirmed bank deposit, a bound address and an approved withdrawal;
 * lever positions, a closed one's receipt and an overnight run; a settled option; a P2P merchant, ad,
 * orders released, cancelled and decided as fraud (appeal, freeze, chat image); a support chat with
 * an image; a listing application; a news article with a cover; a live stream; a quick sell with its
 * receipt; an IEO allocation; a lock-up paid twice and redeemed; the operator journal.
 * Returns the users it made. Every money movement goes through the ledger (grants as `fund` makes).
 */
export async function fillEveryTable(s: ExchangeServer): Promise<EveryRecordSummary> {
  const summary: EveryRecordSummary = { users: {}, proofId: '', kefuImageId: '' };
  const { users } = summary;
  Object.assign(users, await identityAndSpot(s));
  Object.assign(users, await moneyInAndOut(s, summary));
  Object.assign(users, await leverAndOptions(s, users.maker!, users.referral!));
  Object.assign(users, await fiat(s));
  Object.assign(users, await content(s, summary));
  await quickSell(s, users.maker!, users.referral!);
  users.ieo = await ieoRecords(s);
  Object.assign(users, await earn(s));
  // An operator account with a console session and a personal API token (`ops_*` tables).
  const operator = await createOperator(s.origin, 'every-admin', 'admin');
  opsData(await asOperator(s.origin, operator.token, 'tokens/create', { label: 'copy' }));
  // A resting order and its frozen coin: the copy must keep it in the book.
  dataOf(
    await call(s.origin, 'trade/place', users.maker!.token, {
      symbol: 'BTC/USDT',
      side: 'sell',
      type: 'limit',
      price: '70000',
      qty: '0.002',
    }),
  );
  // The referral's trades paid its inviter a rebate each, right after their batches committed.
  await until('the rebates', async () => {
    const lines = dataOf<RebateLine[]>(await call(s.origin, 'team/rebates', users.inviter!.token));
    return lines.length >= 1 ? lines : undefined;
  });
  return summary;
}

/** A quick sell: a quote replaced by a newer one, which sells into the buyer's bid (its receipt). */
async function quickSell(s: ExchangeServer, seller: User, buyer: User): Promise<void> {
  const { origin } = s;
  dataOf(
    await call(origin, 'trade/place', buyer.token, {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '59000',
      qty: '0.01',
    }),
  );
  dataOf(await call(origin, 'sell/quote', seller.token, { coin: 'BTC', qty: '0.002' }));
  const quote = dataOf<{ id: number }>(
    await call(origin, 'sell/quote', seller.token, { coin: 'BTC', qty: '0.005' }),
  );
  dataOf(await call(origin, 'sell/confirm', seller.token, { quoteId: quote.id, slippage: '1' }));
}

/** Accounts, KYC, an agent's team, an unused authorisation code, a ticket and the first spot trade. */
async function identityAndSpot(s: ExchangeServer): Promise<Record<string, SummaryUser>> {
  const { origin, dataDir } = s;
  const inviterGrant = await registerUser(origin);
  const inviter = userOf(inviterGrant);
  const referral = userOf(
    await registerUser(origin, undefined, undefined, { promo: inviterGrant.user.promoCode }),
  );
  const maker = userOf(await registerUser(origin));
  // The inviter becomes an agent with a verified identity and adds a user who gave it a code.
  await ops(origin, 'POST', 'users/agent', { account: inviter.account, agent: 'true' });
  await verifyIdentity(origin, inviter.token);
  const joiner = userOf(await registerUser(origin));
  const grant = dataOf<AuthCodeGrant>(await call(origin, 'team/authCode', joiner.token));
  dataOf(await call(origin, 'team/add', inviter.token, { account: joiner.account, authCode: grant.code }));
  // A code issued and never used stays.
  dataOf(await call(origin, 'team/authCode', maker.token));
  // A password change's first step issues a ticket.
  dataOf(await call(origin, 'user/modifyPwd', joiner.token, { oldPassword: TEST_PASSWORD }));

  await fund(dataDir, maker.id, 'BTC', '10');
  // Past 2^53 ledger units (1e-8), and odd: a value a double cannot hold exactly.
  await fund(dataDir, referral.id, 'USDT', '123456789.12345679');
  // The referral buys as taker: its fee pays the inviter a rebate.
  await trade(origin, maker, referral, '60000');
  await s.lever.service?.idle();
  return { inviter, referral, maker, joiner };
}

/** A crypto deposit, a transfer, a bank deposit and a withdrawal, each confirmed as far as it goes. */
async function moneyInAndOut(
  s: ExchangeServer,
  summary: EveryRecordSummary,
): Promise<Record<string, SummaryUser>> {
  const { origin } = s;
  const depositorUser = userOf(await registerUser(origin));
  dataOf(await call(origin, 'assets/depositAddress', depositorUser.token, { coin: 'USDT', chain: 'TRC20' }));
  await simDeposit(origin, { chain: 'TRC20', coin: 'USDT', amount: '250.5', account: depositorUser.account });
  await mine(origin, 1, 'TRC20');
  dataOf(
    await call(origin, 'assets/transfer', depositorUser.token, {
      from: 'spot',
      to: 'lever',
      coin: 'USDT',
      amount: '50',
    }),
  );

  const bank = await depositor(origin);
  const made = dataOf<{ id: number }>(await bankDeposit(origin, bank.token, { proofId: bank.proofId }));
  await ops(origin, 'POST', 'bank-deposits/confirm', { id: made.id });
  summary.proofId = bank.proofId;

  const w = await withdrawer(s, '300');
  const requested = dataOf<{ id: number }>(await requestWithdraw(origin, w));
  await approve(origin, requested.id, 'tx-every-record-0001');
  const bankUser = { id: bank.id, account: bank.account, token: bank.token };
  return { depositor: depositorUser, bank: bankUser, withdrawer: { ...w } };
}

/** Lever positions (one closed by hand, one charged overnight) and a settled 1-second option. */
async function leverAndOptions(
  s: ExchangeServer,
  maker: User,
  taker: User,
): Promise<Record<string, SummaryUser>> {
  const { origin, dataDir } = s;
  // A fresh contract price: market opens and option entries take the last trade, while it is recent.
  await trade(origin, maker, taker, '60000');
  await s.lever.service?.idle();
  const leverUser = userOf(await registerUser(origin));
  await fund(dataDir, leverUser.id, 'USDT', '1000', 'lever');
  const open = (side: string) =>
    call(origin, 'lever/open', leverUser.token, {
      symbol: 'BTC/USDT',
      side,
      type: 'market',
      multiple: 10,
      hands: 10,
    });
  const kept = dataOf<{ id: number }>(await open('long'));
  const closed = dataOf<{ id: number }>(await open('short'));
  dataOf(await call(origin, 'lever/close', leverUser.token, { id: closed.id }));
  // The overnight fee of today's day, charged now instead of at the catalog's time of day.
  await s.lever.service!.runOvernight(Date.now());
  const charged = dataOf<{ overnightFees: string }>(
    await call(origin, 'lever/order', leverUser.token, { id: kept.id }),
  );
  if (charged.overnightFees === '0.00000000') throw new Error('the overnight run charged nothing');

  const optionUser = userOf(await registerUser(origin));
  await fund(dataDir, optionUser.id, 'USDT', '1000', 'second');
  const option = dataOf<{ id: number }>(await placeOption(origin, optionUser, { seconds: 1, stake: '100' }));
  // The exit price: a trade after the entry.
  await trade(origin, maker, taker, '60010');
  await s.lever.service?.idle();
  await settled(origin, optionUser, option.id);
  return { lever: leverUser, option: optionUser };
}

/**
 * P2P: a certified merchant's sell ad; one order chatted about (with an image), paid and released;
 * one appealed and decided as fraud (the buyer frozen); one cancelled by its buyer.
 */
async function fiat(s: ExchangeServer): Promise<Record<string, SummaryUser>> {
  const { origin, dataDir } = s;
  const m = await merchant(origin, dataDir, '1000');
  const ad = await publish(origin, m);
  const buyer = await person(origin);
  const first = await take(origin, buyer, ad.id, 'qty', '20');
  const image = await uploadProof(origin, buyer.token);
  dataOf(
    await as(origin, buyer, 'legal/messageSend', { id: first.id, text: 'Paid by card', imageId: image }),
  );
  dataOf(await as(origin, buyer, 'legal/pay', { id: first.id, reference: 'PAY-1' }));
  dataOf(await as(origin, m, 'legal/release', { id: first.id }));

  const second = await take(origin, buyer, ad.id, 'qty', '5');
  dataOf(await as(origin, buyer, 'legal/pay', { id: second.id, reference: 'PAY-2' }));
  const evidence = await uploadProof(origin, buyer.token);
  dataOf(await as(origin, buyer, 'legal/appeal', { id: second.id, reason: 'Not released', evidence }));
  await ops(
    origin,
    'POST',
    'legal/appeals/decide',
    { orderId: second.id, outcome: 'return', fraud: 'true' },
    'olga',
  );

  const canceller = await person(origin);
  await addBank(origin, canceller, 'Han Mei');
  const third = await take(origin, canceller, ad.id, 'qty', '3');
  dataOf(await as(origin, canceller, 'legal/cancel', { id: third.id }));
  return { merchant: m, legalBuyer: buyer, legalCanceller: canceller };
}

/** Support chat with an image and a reply, a listing application, a news article with a cover, a stream. */
async function content(s: ExchangeServer, summary: EveryRecordSummary): Promise<Record<string, SummaryUser>> {
  const { origin } = s;
  const writer = userOf(await registerUser(origin));
  const send = (fields: Record<string, string>) =>
    callApi(origin, 'kefu/send', fields, { token: writer.token, json: true });
  dataOf(await send({ clientId: 'every-0001', text: 'Hello support' }));
  const image = dataOf<{ imageId: string }>(
    await send({ clientId: 'every-0002', mime: 'image/png', data: PNG }),
  );
  summary.kefuImageId = image.imageId;
  await ops(origin, 'POST', 'kefu/reply', { account: writer.account, text: 'Hello, how can we help?' });
  // The console's side of the inbox: an assignment and a canned reply (`kefu_assignments`, `kefu_canned`).
  await ops(origin, 'POST', 'kefu/assign', { userId: writer.id });
  await ops(origin, 'POST', 'kefu/canned/save', {
    lang: 'en',
    title: 'Greeting',
    body: 'Hello, how can we help?',
  });
  dataOf(
    await call(origin, 'listing/apply', writer.token, {
      project: 'Acme Network',
      symbol: 'acme',
      chain: 'ERC20',
      contract: `0x${'ab'.repeat(20)}`,
      website: 'https://acme.example',
      contact: 'team@acme.example',
      description: 'A token for the Acme network.',
    }),
  );
  await ops(origin, 'POST', 'news/publish', {
    lang: 'en',
    title: 'Maintenance',
    body: 'We **upgrade** at 02:00.',
    coverMime: 'image/png',
    coverData: PNG,
  });
  await ops(origin, 'POST', 'zhibo/set', { url: '/live/launch.m3u8', title: 'Launch day' });
  return { writer };
}

/** A lock in the first demo product (7 days, early redemption), two days paid, then redeemed. */
async function earn(s: ExchangeServer): Promise<Record<string, SummaryUser>> {
  const saver = userOf(await registerUser(s.origin));
  await fund(s.dataDir, saver.id, 'USDT', '200', 'finance');
  const p = dataOf<{ id: number }>(
    await call(s.origin, 'lockming/lock', saver.token, { productId: 1, amount: '100' }),
  );
  // The payouts of the next two days, as the timer will make them (no route can).
  await s.lockming.service!.accrueDue(Date.now() + 2 * 86_400_000);
  dataOf(await call(s.origin, 'lockming/redeem', saver.token, { id: p.id }));
  return { saver };
}
