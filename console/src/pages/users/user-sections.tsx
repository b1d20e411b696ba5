// The read-only sections of a user's page: balances per account, open orders, open positions, the
// newest journal lines. Amounts are the server's decimal strings, written with every digit.
import type { ReactNode } from 'react';
import type { OpsBalance, OpsUserDetail } from '../../../../domain/ops-api';
import { decimal, moment } from '../../core/format';
import { useTranslation } from '../../core/use-translation';
import { accountName, kindName } from './app-texts';
import { balancesByAccount, isNegative } from './user-logic';

/** A card with a title, the table, or the words for an empty one. */
function Section({
  title,
  testId,
  empty,
  children,
}: {
  title: string;
  testId: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="card user-section" data-testid={testId}>
      <h2 className="card__title">{title}</h2>
      {empty ? <p className="note">{t('people.users.nothing')}</p> : children}
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

/** The user's open spot orders. */
export function OpenOrders({ orders }: { orders: OpsUserDetail['openOrders'] }) {
  const { t, locale } = useTranslation();
  const cols = ['symbol', 'side', 'price', 'amount', 'filled', 'placed'] as const;
  return (
    <Section title={t('people.users.openOrders')} testId="user-orders" empty={orders.length === 0}>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              {cols.map((c) => (
                <th key={c}>{t(`people.users.col.${c}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id} data-testid="user-order">
                <td data-label={t('people.users.col.symbol')}>{o.symbol}</td>
                <td data-label={t('people.users.col.side')}>
                  {t(`people.side.${o.side}`, { defaultValue: o.side })}
                </td>
                <td data-label={t('people.users.col.price')} className="num">
                  {decimal(o.price, locale)}
                </td>
                <td data-label={t('people.users.col.amount')} className="num">
                  {decimal(o.amount, locale)}
                </td>
                <td data-label={t('people.users.col.filled')} className="num">
                  {decimal(o.filled, locale)}
                </td>
                <td data-label={t('people.users.col.placed')}>{moment(o.createdAt, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** The user's open contract positions. */
export function Positions({ positions }: { positions: OpsUserDetail['positions'] }) {
  const { t, locale } = useTranslation();
  const cols = ['symbol', 'side', 'lots', 'margin', 'openPrice', 'opened'] as const;
  return (
    <Section title={t('people.users.positions')} testId="user-positions" empty={positions.length === 0}>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              {cols.map((c) => (
                <th key={c}>{t(`people.users.col.${c}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {positions.map((p) => (
              <tr key={p.id} data-testid="user-position">
                <td data-label={t('people.users.col.symbol')}>{p.symbol}</td>
                <td data-label={t('people.users.col.side')}>
                  {t(`people.side.${p.side}`, { defaultValue: p.side })}
                </td>
                <td data-label={t('people.users.col.lots')} className="num">
                  {decimal(p.lots, locale)}
                </td>
                <td data-label={t('people.users.col.margin')} className="num">
                  {decimal(p.margin, locale)}
                </td>
                <td data-label={t('people.users.col.openPrice')} className="num">
                  {decimal(p.openPrice, locale)}
                </td>
                <td data-label={t('people.users.col.opened')}>{moment(p.openedAt, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** The newest journal lines, each kind named as the app names it to the user. */
export function Journal({ lines }: { lines: OpsUserDetail['journal'] }) {
  const { t, lang, locale } = useTranslation();
  return (
    <Section title={t('people.users.journal')} testId="user-journal" empty={lines.length === 0}>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t('people.users.col.when')}</th>
              <th>{t('people.users.col.kind')}</th>
              <th>{t('people.users.col.account')}</th>
              <th>{t('people.users.coin')}</th>
              <th>{t('people.users.col.delta')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id} data-testid="user-journal-line" data-kind={l.kind}>
                <td data-label={t('people.users.col.when')}>{moment(l.createdAt, locale)}</td>
                <td data-label={t('people.users.col.kind')} data-testid="journal-kind">
                  {kindName(l.kind, lang)}
                </td>
                <td data-label={t('people.users.col.account')} data-field={l.field}>
                  {accountName(l.account, lang)}
                  {l.field === 'frozen' ? ` · ${t('people.users.frozenPart')}` : ''}
                </td>
                <td data-label={t('people.users.coin')}>{l.coin}</td>
                <td
                  data-label={t('people.users.col.delta')}
                  className={`num ${isNegative(l.delta) ? 'delta--out' : 'delta--in'}`}
                >
                  {decimal(l.delta, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
