import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Empty } from '../../../domain/endpoint-def';
import type { BankCard } from '../../../domain/funding';
import { maskCard } from '../../../domain/funding';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { AsOf } from '../../components/as-of';
import { usePrefs, useUser } from '../../core/contexts';
import { usePrivateData } from '../../core/use-dated-read';
import { useRefreshUser } from '../../core/use-refresh-user';
import { formatMs } from '../trade';
import { InlineRetry } from '../../components/load-state';
import { BankCardForm } from './bank-card-form';
import { BoundAddresses } from './bound-addresses';
import { RequireUser } from '../../components/require-user';

const NONE: Empty = {};

/** The bound card, its number masked to the last 4 digits. */
function CardView({ card, onReplace }: { card: BankCard; onReplace(): void }) {
  const { t } = useTranslation('assets');
  const { lang } = usePrefs();
  return (
    <section className="bank-card" data-testid="bank-card">
      <header className="bank-card__head">
        <span className="bank-card__icon">
          <Icon name="bank" size={22} />
        </span>
        <div className="bank-card__bank">
          <p className="bank-card__name">{card.bank}</p>
          <p className="bank-card__branch">{card.branch}</p>
        </div>
      </header>
      <p className="bank-card__number mono" data-testid="card-masked">
        {maskCard(card.cardNumber)}
      </p>
      <footer className="bank-card__foot">
        <span className="bank-card__holder">{card.holder}</span>
        <span className="bank-card__date">{t('card.boundAt', { date: formatMs(card.updatedAt, lang) })}</span>
      </footer>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        onClick={onReplace}
        data-testid="card-replace"
      >
        {t('card.replace')}
      </button>
    </section>
  );
}

/** The bank card part: loading, the bound card, or the form to bind (or replace) one. */
function CardSection() {
  const { t } = useTranslation(['assets', 'common']);
  const { user } = useUser();
  // A private read: the device's copy shows offline, dated.
  const read = usePrivateData('user/bankCard', NONE, user?.id ?? null);
  // The card just bound here, until the server's answer says the same.
  const [boundNow, setBoundNow] = useState<BankCard | null>(null);
  const [replacing, setReplacing] = useState(false);
  // undefined: not known yet; null: no card bound.
  const card = boundNow ?? (read.data ? read.data.card : undefined);
  const failed = read.failed;
  const load = read.reload;

  const bound = (next: BankCard) => {
    setBoundNow(next);
    setReplacing(false);
  };

  let body;
  if (card === undefined) {
    body = failed ? (
      <InlineRetry onRetry={() => void load()} testId="card-error" />
    ) : (
      <div className="assets-state">
        <Spinner size={24} />
      </div>
    );
  } else if (card && !replacing) {
    body = <CardView card={card} onReplace={() => setReplacing(true)} />;
  } else {
    body = (
      <>
        {!card && <p className="note">{t('card.none')}</p>}
        <BankCardForm
          initial={card ? { bank: card.bank, branch: card.branch, holder: card.holder } : undefined}
          onBound={bound}
          onCancel={card ? () => setReplacing(false) : undefined}
        />
      </>
    );
  }
  return (
    <section className="assets-section" data-testid="card-section">
      <header className="assets-section__head">
        <h2 className="assets-section__title">
          {!card ? t('card.bindTitle') : replacing ? t('card.replaceTitle') : t('card.boundTitle')}
        </h2>
      </header>
      <AsOf time={read.time} testId="card-as-of" />
      {body}
    </section>
  );
}

/** /pages/mine/card: the bank card (bind or replace, with the trade password) and the withdrawal addresses. */
export function CardPage() {
  // Whether a trade password is set decides what "bind" does; it may have been set on another device.
  const refreshUser = useRefreshUser();
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);
  return (
    <Screen backTo="/pages/mine/index">
      <RequireUser>
        {() => (
          <>
            <CardSection />
            <BoundAddresses />
          </>
        )}
      </RequireUser>
    </Screen>
  );
}
