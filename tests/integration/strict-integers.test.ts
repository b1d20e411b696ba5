import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '../../domain';
import { fund } from '../support/assets';
import { withServerDb } from '../support/server-db';
import { merchant, person, startLegalServer, type LegalServer, type Person } from '../support/legal';
import { trade } from '../support/second';
import { badForms, expectMalformed, sendApi, type Pairs } from '../support/strict-params';

// Issue 29: the integer fields that are neither ids nor paging, a contract's `multiple`, an
// option's `seconds` and an ad's `autoCancelMin`, read "010", " 10" or a list as a number. They
// now go through the same parser (server/http/input.ts): every malformed spelling is the localized
// "malformed parameter" and changes nothing; a well-formed value the area does not offer keeps
// its own refusal (`leverMultiple`, `secondUnknownDuration`).

let server: LegalServer;
let m: Person;
beforeAll(async () => {
  server = await startLegalServer();
  // One user for all three areas: a merchant (for ads) with lever and option money.
  m = await merchant(server.origin, server.dataDir);
  await fund(server.dataDir, m.id, 'USDT', '1000', 'lever');
  await fund(server.dataDir, m.id, 'USDT', '1000', 'second');
  // A BTC/USDT trade in our own book: the contract and option price (no market simulator here).
  const maker = await person(server.origin);
  const taker = await person(server.origin);
  await fund(server.dataDir, maker.id, 'BTC', '1', 'spot');
  await fund(server.dataDir, taker.id, 'USDT', '100000', 'spot');
  await trade(server.origin, maker, taker, '64000.00');
}, 60_000);
afterAll(() => server?.close());

/** Everything of the user a refused request could have changed. */
function state(userId: number): Promise<unknown> {
  return withServerDb(
    server.dataDir,
    async (db) => {
      const q = (text: string) => db.all(text, userId);
      return {
        balances: await q('select * from balances where user_id = ? order by account, coin'),
        journal: await q('select count(*) as n from journal where user_id = ?'),
        lever: await q('select count(*) as n from lever_orders where user_id = ?'),
        options: await q('select count(*) as n from second_options where user_id = ?'),
        ads: await q('select count(*) as n from legal_ads where merchant_id = ?'),
      };
    },
    { bigints: true },
  );
}

/** [endpoint, field, its valid value, the other fields of a request that would succeed]. */
const CASES: [EndpointName, string, number, Record<string, string>][] = [
  ['lever/open', 'multiple', 10, { symbol: 'BTC/USDT', side: 'long', type: 'market', hands: '1' }],
  ['second/place', 'seconds', 30, { symbol: 'BTC/USDT', direction: 'up', stake: '10' }],
  [
    'legal/adSave',
    'autoCancelMin',
    30,
    {
      side: 'buy',
      coin: 'USDT',
      currency: 'CNY',
      price: '7.00',
      min: '10',
      max: '7000',
      total: '100',
      methods: 'bank',
    },
  ],
];

describe('multiple, seconds and autoCancelMin: a canonical decimal integer or a malformed-parameter error', () => {
  it.each(CASES)('%s %s', async (name, field, valid, extra) => {
    const before = await state(m.id);
    for (const bad of badForms(field, valid)) {
      const sent: Pairs = [...Object.entries(extra), ...bad];
      expectMalformed(await sendApi(server.origin, name, m.token, sent), field, sent);
    }
    expect(await state(m.id)).toEqual(before);
    // The canonical spelling of the same request is accepted.
    const ok = await sendApi(server.origin, name, m.token, [
      ...Object.entries(extra),
      [field, String(valid)],
    ]);
    expect(ok, JSON.stringify(ok)).toMatchObject({ code: 200 });
  });

  it('a well-formed value that is not offered keeps its own refusal', async () => {
    const [lever, second] = CASES;
    const bad = async (c: (typeof CASES)[number], value: string) =>
      sendApi(server.origin, c[0], m.token, [...Object.entries(c[3]), [c[1], value]]);
    expect(await bad(lever!, '7')).toMatchObject({ key: 'leverMultiple', field: 'multiple' });
    expect(await bad(second!, '45')).toMatchObject({ key: 'secondUnknownDuration', field: 'seconds' });
    expect(await bad(second!, '')).toMatchObject({ key: 'secondUnknownDuration', field: 'seconds' });
  });

  it('an ad without autoCancelMin, or with it empty, has no auto-cancel', async () => {
    const [, , ad] = CASES;
    for (const pairs of [[], [['autoCancelMin', '']]] as Pairs[]) {
      const reply = await sendApi(server.origin, 'legal/adSave', m.token, [
        ...Object.entries(ad![3]),
        ...pairs,
      ]);
      expect(reply).toMatchObject({ code: 200, data: { autoCancelMin: 0 } });
    }
  });
});
