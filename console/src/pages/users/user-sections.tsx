// The read-only sections of a user's page: balances per account, open orders, open positions, the
// newest journal lines. Amounts are the server's decimal strings, written with every digit.
import type { OpsBalance, OpsUserDetail } from '../../../../domain/ops-api';
import { decimal, moment } from '../../core/format';
import { useTranslation } from '../../core/use-translation';
import { DataTable, type Column, type DataTableProps } from '../../lists/data-table';
import { accountName, kindName } from './app-texts';
import { balancesByAccount, isNegative } from './user-logic';

/** A card with a title and the rows' table, or the words for an empty one. */
function Section<T extends { id: number }>({
  title,
  testId,
  rows,
  ...table
}: {
  title: string;
  testId: string;
} & DataTableProps<T>) {
  const { t } = useTranslation();
  return (
    <section className="card user-section" data-testid={testId}>
      <h2 className="card__title">{title}</h2>
      {rows.length === 0 ? (
        <p className="note">{t('people.users.nothing')}</p>
      ) : (
        <DataTable rows={rows} {...table} />
      )}
    </section>
  );
}

/** The five accounts, each with its coins' available and frozen parts. */
export function Balances({ balances }: { balances: readonly OpsBalance[] }) {
  const { t, lang, locale } = useTranslation();
  return (
    <section className="card" data-testid="user-balances">
      <h2 className="card__title">{t('people.users.balances')}</h2>
      <div className="accounts">
        {balancesByAccount(balances).map(({ account, rows }) => (
          <div key={account} className="account" data-testid="user-account" data-account={account}>
            <h3 className="account__name">{accountName(account, lang)}</h3>
            {rows.length === 0 ? (
              <p className="note">{t('people.users.noBalance')}</p>
            ) : (
              <table className="mini">
                <thead>
                  <tr>
                    <th>{t('people.users.coin')}</th>
                    <th className="num">{t('people.users.available')}</th>
                    <th className="num">{t('people.users.frozenPart')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((b) => (
                    <tr key={b.coin} data-testid="user-balance" data-coin={b.coin}>
                      <td>{b.coin}</td>
                      <td className="num">{decimal(b.available, locale)}</td>
                      <td className="num">{decimal(b.frozen, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

/** What orders and positions share: a market, a side, the moment it opened, decimal amounts. */
interface Open {
  id: number;
  symbol: string;
  side: string;
}

/**
 * Open orders or positions: symbol, side, the `amounts` (a column each, named by its key under
 * `people.users.col.`, right-aligned with every digit), and when it opened (`at`: column, moment).
 */
function OpenSection<T extends Open>({
  title,
  testId,
  rowTestId,
  rows,
  amounts,
  at,
}: {
  title: string;
  testId: string;
  rowTestId: string;
  rows: readonly T[];
  amounts: Record<string, (row: T) => string>;
  at: [column: string, moment: (row: T) => number];
}) {
  const { t, locale } = useTranslation();
  const head = (key: string) => t(`people.users.col.${key}`);
  const columns: Column<T>[] = [
    { head: head('symbol'), cell: (r) => r.symbol },
    { head: head('side'), cell: (r) => t(`people.side.${r.side}`, { defaultValue: r.side }) },
    ...Object.entries(amounts).map(([key, value]): Column<T> => ({
      head: head(key),
      className: 'num',
      cell: (r) => decimal(value(r), locale),
    })),
    { head: head(at[0]), cell: (r) => moment(at[1](r), locale) },
  ];
  return <Section title={title} testId={testId} rows={rows} rowTestId={rowTestId} columns={columns} />;
}

/** The user's open spot orders. */
export function OpenOrders({ orders }: { orders: OpsUserDetail['openOrders'] }) {
  const { t } = useTranslation();
  return (
    <OpenSection
      title={t('people.users.openOrders')}
      testId="user-orders"
      rowTestId="user-order"
      rows={orders}
      amounts={{ price: (o) => o.price, amount: (o) => o.amount, filled: (o) => o.filled }}
      at={['placed', (o) => o.createdAt]}
    />
  );
}

/** The user's open contract positions. */
export function Positions({ positions }: { positions: OpsUserDetail['positions'] }) {
  const { t } = useTranslation();
  return (
    <OpenSection
      title={t('people.users.positions')}
      testId="user-positions"
      rowTestId="user-position"
      rows={positions}
      amounts={{ lots: (p) => p.lots, margin: (p) => p.margin, openPrice: (p) => p.openPrice }}
      at={['opened', (p) => p.openedAt]}
    />
  );
}

/** The newest journal lines, each kind named as the app names it to the user. */
export function Journal({ lines }: { lines: OpsUserDetail['journal'] }) {
  const { t, lang, locale } = useTranslation();
  const head = (key: string) => t(`people.users.col.${key}`);
  const columns: Column<(typeof lines)[number]>[] = [
    { head: head('when'), cell: (l) => moment(l.createdAt, locale) },
    {
      head: head('kind'),
      cell: (l) => kindName(l.kind, lang),
      attrs: () => ({ 'data-testid': 'journal-kind' }),
    },
    {
      head: head('account'),
      cell: (l) => (
        <>
          {accountName(l.account, lang)}
          {l.field === 'frozen' ? ` · ${t('people.users.frozenPart')}` : ''}
        </>
      ),
      attrs: (l) => ({ 'data-field': l.field }),
    },
    { head: t('people.users.coin'), cell: (l) => l.coin },
    {
      head: head('delta'),
      className: (l) => `num ${isNegative(l.delta) ? 'delta--out' : 'delta--in'}`,
      cell: (l) => decimal(l.delta, locale),
    },
  ];
  return (
    <Section
      title={t('people.users.journal')}
      testId="user-journal"
      rows={lines}
      rowTestId="user-journal-line"
      rowAttrs={(l) => ({ 'data-kind': l.kind })}
      columns={columns}
    />
  );
}
