import {
  fromUnits,
  isAccountType,
  JOURNAL_KIND_PATTERN,
  parseTransfer,
  type CoinInfo,
  type TransferRecord,
} from '../../domain';
import { fail, str, sessionOf, type HandlerRegistry } from '../http';
import type { JournalStore, Ledger } from '../ledger';
import type { TickerBoard } from '../market';
import { buildOverview } from './overview';
import { pageArgs } from '../shared/paging';
import type { TransferService } from './transfer-service';
import type { TransferRow } from './transfer-store';

/** What the assets routes need. */
export interface AssetsDeps {
  ledger: Ledger;
  coins: readonly CoinInfo[];
  tickers: TickerBoard;
  transfers: TransferService;
  journal: JournalStore;
  /** Called after a user's balances changed (pushes the private `balance` event). */
  onBalances(userId: number): Promise<void>;
  now?: () => number;
}

/** Overview, transfers and the journal of the signed-in caller (variant 3). */
export function registerAssetsRoutes(registry: HandlerRegistry, deps: AssetsDeps): void {
  const { ledger, coins, tickers, transfers, journal } = deps;
  const now = deps.now ?? Date.now;
  const decimalsOf = (coin: string) => coins.find((c) => c.symbol === coin)?.decimals ?? 8;
  const toRecord = (r: TransferRow): TransferRecord => ({
    id: r.id,
    coin: r.coin,
    from: r.from,
    to: r.to,
    amount: fromUnits(r.amount, decimalsOf(r.coin)),
    remark: r.remark,
    createdAt: r.createdAt,
  });
  const coinFilter = (value: string): string | null => {
    const coin = value.trim();
    if (coin === '') return null;
    if (!coins.some((c) => c.symbol === coin)) throw fail('unknownCoin', 'coin');
    return coin;
  };

  registry.add('assets/overview', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const balances = await ledger.balancesOf(userId);
    const at = now();
    return buildOverview(
      balances,
      coins.map((c) => c.symbol),
      tickers.all(at),
      at,
    );
  });

  registry.add('assets/transfer', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    const parsed = parseTransfer(
      {
        from: str(ctx.input, 'from'),
        to: str(ctx.input, 'to'),
        coin: str(ctx.input, 'coin'),
        amount: str(ctx.input, 'amount'),
        remark: str(ctx.input, 'remark'),
      },
      coins,
    );
    if ('problem' in parsed) throw fail(parsed.problem.key, parsed.problem.field);
    const row = await transfers.transfer(userId, parsed.ok);
    void deps.onBalances(userId);
    return toRecord(row);
  });

  registry.add('assets/transfers', async (ctx) => {
    const coin = coinFilter(str(ctx.input, 'coin'));
    const { before, limit } = pageArgs(ctx.input);
    const rows = await transfers.store.list({ userId: sessionOf(ctx).userId, coin, before, limit });
    return rows.map(toRecord);
  });

  registry.add('assets/journal', async (ctx) => {
    const accountText = str(ctx.input, 'account').trim();
    if (accountText !== '' && !isAccountType(accountText)) throw fail('unknownAccount', 'account');
    const kind = str(ctx.input, 'kind').trim();
    if (kind !== '' && !JOURNAL_KIND_PATTERN.test(kind)) throw fail('badRequest', 'kind');
    const coin = coinFilter(str(ctx.input, 'coin'));
    const { before, limit } = pageArgs(ctx.input);
    return await journal.list({
      userId: sessionOf(ctx).userId,
      account: accountText === '' ? null : accountText,
      coin,
      kind: kind === '' ? null : kind,
      before,
      limit,
    });
  });
}
