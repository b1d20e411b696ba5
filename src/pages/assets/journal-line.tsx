import { useTranslation } from '../../i18n/use-translation';
import type { JournalLine } from '../../../domain/assets';
import type { CoinInfo } from '../../../domain/market';
import { Amount } from '../../components/amount';
import { Spinner } from '../../components/spinner';
import { usePrefs } from '../../core/contexts';
import { coinOf } from '../../i18n/numbers';
import { MoreButton } from '../trade';
import type { Paging } from '../trade';
import { formatMs } from '../trade';
import { amountDirection, kindLabelKey } from './assets-format';

/** The label of a ledger kind: translated when known, else the kind as the ledger wrote it. */
export function useKindLabel(): (kind: string) => string {
  const { t } = useTranslation('assets');
  return (kind) => {
    const key = kindLabelKey(kind);
    return key ? t(`journal.kinds.${key}` as 'journal.kinds.transfer') : kind;
  };
}

/**
 * One journal line: kind, account, time, coin, the signed change (a sign as well as a colour) and
 * the balance right after it. Lines on the frozen part of a balance say so.
 */
export function JournalCard({
  line,
  catalogCoins,
}: {
  line: JournalLine;
  catalogCoins: readonly CoinInfo[];
}) {
  const { t } = useTranslation('assets');
  const { lang } = usePrefs();
  const kindLabel = useKindLabel();
  const coin = coinOf(catalogCoins, line.coin);
  const moved = amountDirection(line.delta);
  // A change of the frozen part (a withdrawal or an order reserving funds) is neither income nor
  // expense: shown neutral, or a "+20" in green would read as money received.
  const direction = line.field === 'frozen' && moved !== 'none' ? 'frozen' : moved;
  return (
    <article
      className="journal-line"
      data-testid="journal-line"
      data-kind={line.kind}
      data-account={line.account}
      data-coin={line.coin}
    >
      <header className="journal-line__head">
        <span className="journal-line__kind">{kindLabel(line.kind)}</span>
        <span className="badge">{t(`accounts.${line.account}`)}</span>
        {line.field === 'frozen' && <span className="badge badge--frozen">{t('fields.frozen')}</span>}
        <span className="journal-line__time">{formatMs(line.createdAt, lang)}</span>
      </header>
      <div className="journal-line__body">
        <span className="journal-line__coin">{line.coin}</span>
        <span
          className={`journal-line__amount journal-line__amount--${direction}`}
          data-testid="journal-amount"
        >
          <span className="assets-sr-only">
            {direction === 'none'
              ? ''
              : direction === 'frozen'
                ? t('fields.frozen')
                : t(`journal.${direction}`)}
          </span>
          <Amount value={line.delta} coin={coin} signed />
        </span>
      </div>
      <p className="journal-line__after">
        <span>{t('fields.balanceAfter')}</span>
        <span className="mono" data-testid="journal-after">
          <Amount value={line.balanceAfter} coin={coin} />
        </span>
      </p>
    </article>
  );
}

/** A list of journal lines: spinner, empty text, or the lines with "load more" when paged. */
export function JournalList({
  lines,
  catalogCoins,
  empty,
  paging,
}: {
  lines: JournalLine[] | null;
  /** The catalog's coins (display decimals); empty while unknown. */
  catalogCoins: readonly CoinInfo[];
  empty: string;
  paging?: Paging;
}) {
  if (lines === null) {
    return (
      <div className="assets-state">
        <Spinner size={24} />
      </div>
    );
  }
  if (lines.length === 0) {
    return (
      <p className="assets-state" data-testid="journal-empty">
        {empty}
      </p>
    );
  }
  return (
    <div className="journal-list" data-testid="journal-list">
      {lines.map((l) => (
        <JournalCard key={l.id} line={l} catalogCoins={catalogCoins} />
      ))}
      {paging && <MoreButton {...paging} />}
    </div>
  );
}
