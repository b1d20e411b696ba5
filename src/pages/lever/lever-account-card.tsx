import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { BalanceLine } from '../../../domain/spot';
import { useBalances } from '../trade';
import { CoinAmount } from '../../components/coin-amount';
import { NONE, pnlClass } from './lever-format';
import { useLeverLive } from './use-lever';
import { useEffect, useState } from 'react';
import { useCore } from '../../core/contexts';
import './lever.css';

/**
 * The lever account on the assets page: available, frozen (margins and entrusting orders) and an
 * equity estimate including the live unrealized PnL, per margin coin (the sum is the worker's).
 */
export function LeverAccountCard() {
  const { t } = useTranslation('lever');
  const { core } = useCore();
  const { balances } = useBalances();
  const live = useLeverLive();
  const lines: BalanceLine[] = (balances ?? []).filter((b) => b.account === 'lever');
  const [equity, setEquity] = useState<Record<string, string | null>>({});
  const key = JSON.stringify([lines, live.state?.unrealized]);

  useEffect(() => {
    let gone = false;
    void Promise.all(
      lines.map(
        async (b) =>
          [
            b.coin,
            await core.leverEquity([b.available, b.frozen, live.state?.unrealized[b.coin] ?? '0']),
          ] as const,
      ),
    ).then((pairs) => !gone && setEquity(Object.fromEntries(pairs)));
    return () => {
      gone = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the lines and the PnL
  }, [core, key]);

  return (
    <section className="lever-account" data-testid="lever-account">
      <h3 className="lever-preview__title">{t('account.title')}</h3>
      {lines.length === 0 ? (
        <p className="note">{NONE}</p>
      ) : (
        lines.map((b) => (
          <dl key={b.coin} className="summary-rows">
            <div className="confirm-order__row">
              <dt>{`${t('fields.available')} (${b.coin})`}</dt>
              <dd>
                <CoinAmount value={b.available} coin={b.coin} bare />
              </dd>
            </div>
            <div className="confirm-order__row">
              <dt>{`${t('fields.frozen')} (${b.coin})`}</dt>
              <dd>
                <CoinAmount value={b.frozen} coin={b.coin} bare />
              </dd>
            </div>
            <div className="confirm-order__row">
              <dt>{`${t('account.unrealized')} (${b.coin})`}</dt>
              <dd className={pnlClass(live.state?.unrealized[b.coin])} data-testid="lever-unrealized">
                <CoinAmount value={live.state?.unrealized[b.coin] ?? '0'} coin={b.coin} signed bare />
              </dd>
            </div>
            <div className="confirm-order__row">
              <dt>{`${t('account.equity')} (${b.coin})`}</dt>
              <dd data-testid="lever-equity">
                ≈ <CoinAmount value={equity[b.coin] ?? null} coin={b.coin} bare />
              </dd>
            </div>
          </dl>
        ))
      )}
      <Link className="entrust-link" to="/pages/lever/lever">
        <span>{t('account.trade')}</span>
      </Link>
    </section>
  );
}
