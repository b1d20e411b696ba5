import { useCallback } from 'react';
import type { OpsHouse } from '../../../../domain/ops-api';
import { decimal, moment } from '../../core/format';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
import { groupLines, HOUSE_PRODUCTS, isLoss, type HouseLine, type MetricGroup } from './house-lines';
import './house.css';

/** Whether the ledger's invariants held when the server checked them, and the problems it found. */
function LedgerStatus({ ledger, onCheck }: { ledger: OpsHouse['ledger']; onCheck: () => void }) {
  const { t, locale } = useTranslation();
  return (
    <section
      className={`card ledger ${ledger.ok ? 'ledger--ok' : 'ledger--bad'}`}
      data-testid="house-ledger"
      data-ok={ledger.ok}
    >
      <div className="ledger__head">
        <h2 className="card__title ledger__title">
          <span className="ledger__mark" aria-hidden>
            {ledger.ok ? '✓' : '!'}
          </span>
          {ledger.ok
            ? t('people.house.ledgerOk')
            : t('people.house.ledgerBad', { n: ledger.problems.length })}
        </h2>
        <button type="button" className="btn" onClick={onCheck} data-testid="house-check">
          {t('people.house.checkAgain')}
        </button>
      </div>
      <p className="note">{t('people.house.checkedAt', { when: moment(ledger.checkedAt, locale) })}</p>
      {ledger.problems.length > 0 && (
        <ul className="ledger__problems" data-testid="house-problems">
          {ledger.problems.map((p, i) => (
            <li key={i}>
              <code className="wrap">{p}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A line's name: the metric, its part (long, available) and its coin or market. */
function lineName(line: HouseLine, t: (key: string) => string): string {
  if (!line.known) return line.label;
  const part = line.part === null ? '' : ` · ${t(`people.house.part.${line.part}`)}`;
  return `${t(`people.house.metric.${line.metric}`)}${part}`;
}

/** One product's lines grouped by metric, or the words for a product with none yet. */
function Product({ product, groups }: { product: string; groups: MetricGroup[] }) {
  const { t, locale } = useTranslation();
  return (
    <section className="card house-product" data-testid="house-product" data-product={product}>
      <h2 className="card__title">{t(`people.house.product.${product}`)}</h2>
      {groups.length === 0 ? (
        <p className="note">{t('people.house.noLines')}</p>
      ) : (
        <table className="house-lines">
          <tbody>
            {groups.flatMap((g) =>
              g.lines.map((line, i) => (
                <tr
                  key={line.label}
                  className={i === 0 ? 'house-lines__first' : undefined}
                  data-testid="house-line"
                  data-label={line.label}
                >
                  <th scope="row">{i === 0 || line.part !== null || !g.known ? lineName(line, t) : ''}</th>
                  <td className="house-lines__subject">{line.subject}</td>
                  <td className={`num${isLoss(line.value) ? ' house-lines__loss' : ''}`}>
                    {decimal(line.value, locale)}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The house per product (exposure, fees taken, paid out, reserves) and the ledger's invariant check. */
export function Page() {
  const { t } = useTranslation();
  const call = useCall();
  const load = useCallback(async (): Promise<OpsHouse | null> => call('house', {}), [call]);
  const { data, reload } = useLoad(load);
  return (
    <section className="page" data-testid="house">
      <header className="page__head">
        <h1 className="page__title">{t('people.nav.house')}</h1>
      </header>
      <p className="note house-intro">{t('people.house.intro')}</p>
      {data === undefined ? (
        <p className="loading">…</p>
      ) : data === null ? (
        <div className="empty" data-testid="house-error">
          <p>{t('people.loadFailed')}</p>
          <button type="button" className="btn" onClick={reload}>
            {t('people.retry')}
          </button>
        </div>
      ) : (
        <>
          <LedgerStatus ledger={data.ledger} onCheck={reload} />
          <div className="house-products">
            {HOUSE_PRODUCTS.map((product) => {
              const found = data.products.find((p) => p.product === product);
              return <Product key={product} product={product} groups={groupLines(found?.lines ?? {})} />;
            })}
          </div>
        </>
      )}
    </section>
  );
}
