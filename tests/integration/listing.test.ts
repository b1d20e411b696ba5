import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { registerUser } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/server';
import { withServerDb } from '../support/server-db';
import { OPS_TOKEN, opsCall } from '../support/bank';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ operatorToken: OPS_TOKEN, simMarket: false });
});
afterAll(() => server?.close());

const FORM = {
  project: 'Acme Network',
  symbol: 'acme',
  chain: 'ERC20',
  contract: '0x' + 'ab'.repeat(20),
  website: 'https://acme.example',
  contact: 'team@acme.example',
  description: 'A token for the Acme network.',
};
const rows = async () => {
  const row = await withServerDb(server.dataDir, (db) =>
    db.get<{ n: number }>('select count(*) as n from listing_applications'),
  );
  return row!.n;
};

describe('coin-listing applications', () => {
  it('stores an application, refuses a second open one for the symbol, and follows the operator decisions', async () => {
    const me = await registerUser(server.origin);
    const apply = (f: Record<string, string>) =>
      callApi(server.origin, 'listing/apply', f, { token: me.token });
    const made = (await apply(FORM)).body.data;
    expect(made).toMatchObject({ symbol: 'ACME', status: 'submitted', reason: null });
    expect((await apply(FORM)).body.key).toBe('listingPending');

    const ops = (name: string, f: Record<string, string | number>, who = 'frank') =>
      opsCall(server.origin, 'POST', name, f, who);
    expect((await ops('listings/review', { id: made.id })).body.data.status).toBe('review');
    expect((await ops('listings/review', { id: made.id })).body.key).toBe('listingNotOpen');
    expect((await ops('listings/reject', { id: made.id, reason: ' ' })).body.key).toBe('required');
    const rejected = (await ops('listings/reject', { id: made.id, reason: 'Liquidity too low' }, 'gina')).body
      .data;
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Liquidity too low' });
    expect((await ops('listings/accept', { id: made.id })).body.key).toBe('listingNotOpen');

    const mine = (await callApi(server.origin, 'listing/mine', {}, { token: me.token })).body.data;
    expect(mine[0]).toMatchObject({ id: made.id, status: 'rejected', reason: 'Liquidity too low' });
    // Decided: the symbol may be applied for again, and accepted this time.
    const second = (await apply({ ...FORM, chain: 'TRC20', contract: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF' }))
      .body.data;
    expect((await ops('listings/accept', { id: second.id })).body.data.status).toBe('accepted');
    const actions = (await opsCall(server.origin, 'GET', 'actions')).body.data as {
      action: string;
      operator: string;
    }[];
    expect(
      actions.filter((a) => a.action.startsWith('listing.')).map((a) => `${a.action}:${a.operator}`),
    ).toEqual(['listing.accepted:frank', 'listing.rejected:gina', 'listing.review:frank']);
    const other = await registerUser(server.origin);
    expect((await callApi(server.origin, 'listing/mine', {}, { token: other.token })).body.data).toEqual([]);
  });

  it('validates each field, the contract address per chain, and stores nothing then', async () => {
    const me = await registerUser(server.origin);
    const before = await rows();
    const cases: [Partial<typeof FORM>, string, string][] = [
      [{ project: '' }, 'project', 'required'],
      [{ symbol: 'A' }, 'symbol', 'listingSymbolFormat'],
      [{ symbol: 'AC-ME' }, 'symbol', 'listingSymbolFormat'],
      [{ chain: 'DOGE' }, 'chain', 'unknownChain'],
      [{ contract: '0x123' }, 'contract', 'addressFormat'],
      [{ chain: 'TRC20' }, 'contract', 'addressFormat'],
      [{ chain: 'SPL', contract: '0x' + 'ab'.repeat(20) }, 'contract', 'addressFormat'],
      [{ website: 'http://acme.example' }, 'website', 'listingWebsiteFormat'],
      [{ website: 'javascript:alert(1)' }, 'website', 'listingWebsiteFormat'],
      [{ contact: '' }, 'contact', 'required'],
      [{ description: 'x'.repeat(2001) }, 'description', 'textTooLong'],
    ];
    for (const [patch, field, key] of cases) {
      const r = await callApi(server.origin, 'listing/apply', { ...FORM, ...patch }, { token: me.token });
      expect({ field: r.body.field, key: r.body.key }, JSON.stringify(patch).slice(0, 50)).toEqual({
        field,
        key,
      });
    }
    expect(await rows()).toBe(before);
    const ok = await callApi(
      server.origin,
      'listing/apply',
      { ...FORM, chain: 'SPL', contract: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
      { token: me.token },
    );
    expect(ok.body.data.chain).toBe('SPL');
  });
});
