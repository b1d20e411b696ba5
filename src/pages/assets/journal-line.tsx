import { useTranslation } from '../../i18n/use-translation';
import type { JournalLine } from '../../../domain/assets';
import { Spinner } from '../../components/spinner';
import { usePrefs } from '../../core/contexts';
import { MoreButton } from '../trade/more-button';
import type { Paging } from '../trade/order-list';
import { formatMs } from '../trade/trade-format';
import { kindLabelKey, signedAmount, trimFraction } from './assets-format';

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
export function JournalCard({ line }: { line: JournalLine }) {
  const { t } = useTranslation('assets');
  const { lang } = usePrefs();
  const kindLabel = useKindLabel();
  const signed = signedAmount(line.delta);
  // A change of the frozen part (a withdrawal or an order reserving funds) is neither income nor
  // expense: shown neutral, or a "+20" in green would read as money received.
  const frozen = line.field === 'frozen' && signed.direction !== 'none';
  const amount = frozen ? { ...signed, direction: 'frozen' as const } : signed;
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
          className={`journal-line__amount journal-line__amount--${amount.direction}`}
          data-testid="journal-amount"
        >
          <span className="assets-sr-only">
            {amount.direction === 'none'
              ? ''
              : amount.direction === 'frozen'
                ? t('fields.frozen')
                : t(`journal.${amount.direction}`)}
          </span>
          {amount.text}
        </span>
      </div>
      <p className="journal-line__after">
        <span>{t('fields.balanceAfter')}</span>
        <span className="mono" data-testid="journal-after">
          {trimFraction(line.balanceAfter)}
        </span>
      </p>
    </article>
  );
}

/** A list of journal lines: spinner, empty text, or the lines with "load more" when paged. */
export function JournalList({
  lines,
  empty,
  paging,
}: {
  lines: JournalLine[] | null;
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
        <JournalCard key={l.id} line={l} />
      ))}
      {paging && <MoreButton {...paging} />}
    </div>
  );
}
