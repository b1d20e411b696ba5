import { useCallback, useState } from 'react';
import type { SecondListReq, SecondOption } from '../../../domain/second-endpoints';
import { OPTION_RESULTS } from '../../../domain/second-rules';
import { AsOf } from '../../components/as-of';
import { Spinner } from '../../components/spinner';
import { useCatalogCoin } from '../../core/catalog-coins';
import { usePrefs } from '../../core/contexts';
import { PAGE, useHistory } from '../../core/use-paged';
import { usePrivateRead } from '../../core/use-private-read';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import { SelectField } from '../assets';
import { formatMs } from '../trade';
import { resultClass } from './second-format';

const optionId = (o: SecondOption) => o.id;

/** Props of {@link OptionHistory}. */
export interface OptionHistoryProps {
  pairs: readonly string[];
  /** Changes whenever an option was placed or settled, so the list re-reads its first page. */
  version: string;
  onReceipt(o: SecondOption): void;
}

/** Open and settled options, newest first, filtered by market and result; settled ones open their receipt. */
export function OptionHistory({ pairs, version, onReceipt }: OptionHistoryProps) {
  const { t } = useTranslation(['second', 'common']);
  // A private read: the first page is kept on the device and shown offline, dated.
  const read = usePrivateRead();
  const [symbol, setSymbol] = useState('');
  const [result, setResult] = useState('');

  // A new filter or `version` is a new loader under the same key: the first page is read again and
  // the rows shown stay until it is in. No device copy first: the server's answer, or offline the
  // device's copy, dated.
  const fetchPage = useCallback(
    (before?: number) => {
      const req: SecondListReq = { limit: PAGE };
      if (symbol) req.symbol = symbol;
      if (result === 'open') req.status = 'open';
      else if (result) req.result = result as SecondListReq['result'];
      if (before !== undefined) req.before = before;
      return read('second/options', req);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` asks for the first page again
    [read, symbol, result, version],
  );
  const history = useHistory('second/options', fetchPage, optionId);
  const rows = history.items;

  const filtered = symbol !== '' || result !== '';
  return (
    <section className="second-history" aria-label={t('history.title')}>
      <h2 className="second-title">{t('history.title')}</h2>
      <div className="second-history__filters">
        <SelectField label={t('history.market')} value={symbol} onChange={setSymbol} testId="filter-market">
          <option value="">{t('history.allMarkets')}</option>
          {pairs.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('history.resultFilter')}
          value={result}
          onChange={setResult}
          testId="filter-result"
        >
          <option value="">{t('history.allResults')}</option>
          <option value="open">{t('result.open')}</option>
          {OPTION_RESULTS.map((r) => (
            <option key={r} value={r}>
              {t(`result.${r}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <AsOf time={history.time} testId="history-as-of" />
      {rows === null ? (
        <div className="state">
          {history.failed ? (
            <button type="button" className="btn btn--secondary" onClick={() => void history.reload()}>
              {t('common:actions.retry')}
            </button>
          ) : (
            <Spinner size={24} />
          )}
        </div>
      ) : rows.length === 0 ? (
        <p className="state__text second-muted" data-testid="history-empty">
          {t(filtered ? 'history.emptyFiltered' : 'history.empty')}
        </p>
      ) : (
        <ul className="second-history__list" data-testid="history-list">
          {rows.map((o) => (
            <li key={o.id}>
              <OptionRow option={o} onReceipt={onReceipt} />
            </li>
          ))}
        </ul>
      )}
      {!history.done && rows && (
        <button
          type="button"
          className="btn btn--secondary btn--block"
          disabled={history.loading}
          onClick={() => void history.more()}
        >
          {history.loading && <Spinner size={18} />}
          {t('history.more')}
        </button>
      )}
    </section>
  );
}

/**
 * One option of the history: direction, market, duration, result, the stake and what came back, and
 * when it was accepted. Amounts at the coin's display decimals and the time in the UI language's
 * format, as the receipt it opens shows them (issue 29: one precision per kind of number).
 */
export function OptionRow({
  option: o,
  onReceipt,
}: {
  option: SecondOption;
  onReceipt(o: SecondOption): void;
}) {
  const { t } = useTranslation(['second', 'common']);
  const { lang } = usePrefs();
  const n = useNumbers();
  const coin = useCatalogCoin(o.coin);
  // Text, not CoinAmount: the row is itself the button that opens the receipt (a button cannot hold
  // another), and the receipt shows each amount with its exact value a tap away.
  const amount = (v: string) => `${n.coin(v, coin)} ${o.coin}`;
  return (
    <button
      type="button"
      className="second-row"
      disabled={o.status !== 'settled'}
      onClick={() => onReceipt(o)}
      data-testid="history-row"
    >
      <span className="second-row__top">
        <span className={`second-dir second-dir--${o.direction}`}>
          {o.direction === 'up' ? '▲' : '▼'} {t(o.direction)}
        </span>
        <span>{o.symbol}</span>
        <span>{t('seconds', { n: o.seconds })}</span>
        <strong className={resultClass(o.result)}>{t(`result.${o.result ?? 'open'}`)}</strong>
      </span>
      <span className="second-row__bottom">
        <span data-testid="history-amounts">
          {amount(o.stake)}
          {o.credited !== null && o.result !== 'lost' && ` → ${amount(o.credited)}`}
        </span>
        <span className="second-muted" data-testid="history-time">
          {formatMs(o.acceptedAt, lang)}
        </span>
      </span>
    </button>
  );
}
