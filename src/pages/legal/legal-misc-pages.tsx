import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { JournalLine } from '../../../domain/assets';
import type { Empty } from '../../../domain/endpoint-def';
import type { LegalAd } from '../../../domain/legal';
import { CoinAmount } from '../../components/coin-amount';
import { Screen } from '../../components/screen';
import { usePrefs, useUser } from '../../core/contexts';
import { usePrivateRead } from '../../core/use-private-read';
import { AsOf } from '../../components/as-of';
import { useOnline } from '../../components/use-online';
import type { Dated } from '../../../worker/core-api';
import { useCatalog } from '../../core/use-catalog';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/legal.css';
import { amountDirection } from '../assets';
import { useKindLabel } from '../assets';
import { LoadState } from '../../components/load-state';
import { TransferForm } from '../assets';
import { useHistory } from '../../core/use-paged';
import { RequireUser } from '../../components/require-user';
import { useBalances } from '../trade';
import { usePrivateResync } from '../../core/use-private-events';
import { formatMs } from '../trade';
import { PAGE } from '../../core/use-paged';
import { AdCard, TakeBlockedNote } from './ad-card';
import { coinDecimals } from './legal-format';
import { MerchantHeader } from './merchant-header';
import { Cached, ReadState } from './read-state';
import { TakeDialog } from './take-dialog';
import { TAKE_BLOCKED_ID, takeBlock } from './take-rule';
import { useLegalRead } from './use-legal';

const NONE: Empty = {};

/** A shop's id as the address gives it: a positive whole number, else no shop can have it. */
const SHOP_ID = /^[1-9]\d{0,15}$/;

/** /pages/legal/storeUser?id=…: a merchant's public shop with statistics and ads to take. */
export function StoreUserPage() {
  const { t } = useTranslation(['legal', 'common']);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { user } = useUser();
  const config = useLegalRead('legal/config', NONE);
  // No id, or one no shop can have, is a missing shop: nothing to ask the server (issue 29).
  const valid = SHOP_ID.test(id);
  const shop = useLegalRead('legal/merchant', { userId: id }, valid);
  const me = useLegalRead('legal/me', NONE, user !== null);
  const [taking, setTaking] = useState<LegalAd | null>(null);
  // Offline the shop renders from the device, dated; taking an ad needs the server.
  const online = useOnline();
  const terms = config.data;
  const sideOf = (ad: LegalAd) => (ad.side === 'sell' ? 'buy' : 'sell');
  const blockOf = (ad: LegalAd) => takeBlock(me.data, sideOf(ad));
  const shown = shop.data?.ads.map(blockOf).find((b) => b !== null) ?? null;
  return (
    <Screen backTo="/pages/legal/legal">
      <ReadState
        read={valid ? shop : { data: null, failed: true, notFound: true, reload: shop.reload }}
        notFound={t('store.notFound')}
      >
        {shop.data && (
          <>
            <Cached at={shop.cachedAt} />
            <MerchantHeader merchant={shop.data} />
            {shown ? (
              <TakeBlockedNote block={shown} />
            ) : (
              !online && (
                // The take buttons point here (aria-describedby), as they do at a block's reason.
                <p className="note" id={TAKE_BLOCKED_ID} data-testid="store-needs-network">
                  {t('common:offline.needsNetwork')}
                </p>
              )
            )}
            <h2 className="legal-section">{t('store.myAds')}</h2>
            {shop.data.ads.length === 0 && <p className="note">{t('store.noAds')}</p>}
            <div className="legal-list">
              {shop.data.ads.map((ad) => (
                <AdCard
                  key={ad.id}
                  ad={ad}
                  side={sideOf(ad)}
                  onTake={setTaking}
                  blocked={!online || blockOf(ad) !== null}
                />
              ))}
            </div>
          </>
        )}
      </ReadState>
      <TakeDialog
        ad={taking}
        decimals={taking ? coinDecimals(terms, taking.coin) : 2}
        side={taking ? sideOf(taking) : 'buy'}
        paymentMinutes={terms?.paymentMinutes ?? 10}
        onClose={() => setTaking(null)}
      />
    </Screen>
  );
}

/**
 * One line of the fiat balance log. Its kind is named by the records page's one list of names
 * (domain/journal-kinds.ts, `assets:journal.kinds` in every language), so a kind has the same name
 * on both pages and none is shown raw.
 */
export function LogLine({ line }: { line: JournalLine }) {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  const kindLabel = useKindLabel();
  const moved = amountDirection(line.delta);
  // Changes of the frozen part (escrow) are neither income nor expense: shown neutral.
  const direction = line.field === 'frozen' && moved !== 'none' ? 'frozen' : moved;
  return (
    <article className="journal-line" data-testid="legal-log-line" data-kind={line.kind}>
      <header className="journal-line__head">
        <span className="journal-line__kind">{kindLabel(line.kind)}</span>
        {line.field === 'frozen' && <span className="badge">{t('log.frozen')}</span>}
        <span className="journal-line__time">{formatMs(line.createdAt, lang)}</span>
      </header>
      <div className="journal-line__body">
        <span className="journal-line__coin">{line.coin}</span>
        <span className={`journal-line__amount journal-line__amount--${direction}`}>
          <CoinAmount value={line.delta} coin={line.coin} signed bare />
        </span>
      </div>
      <p className="journal-line__after">
        <span>{t('log.after')}</span>
        <span className="mono">
          <CoinAmount value={line.balanceAfter} coin={line.coin} bare />
        </span>
      </p>
    </article>
  );
}

/** /pages/legal/transactionRecord: the fiat account's balance log, from the ledger's journal. */
export function TransactionRecordPage() {
  const { t } = useTranslation('legal');
  const read = usePrivateRead();
  const { user } = useUser();
  // A private read: the first page is kept on the device and shown offline, dated.
  const fetchPage = useCallback(
    (before: number | undefined, onCached?: (c: Dated<JournalLine[]>) => void) =>
      user
        ? read(
            'assets/journal',
            { account: 'legal', limit: PAGE, ...(before !== undefined && { before }) },
            onCached,
          )
        : Promise.resolve(null),
    [read, user],
  );
  const log = useHistory(String(user?.id ?? ''), fetchPage, (l: JournalLine) => l.id);
  usePrivateResync(user !== null, log.reload);
  return (
    <Screen backTo="/pages/legal/legal">
      <AsOf time={log.time} testId="legal-log-as-of" />
      <RequireUser>
        {() =>
          log.items === null ? (
            <LoadState failed={log.failed} onRetry={() => void log.reload()} testId="assets" />
          ) : log.items.length === 0 ? (
            <p className="note">{t('log.empty')}</p>
          ) : (
            <div className="legal-list">
              {log.items.map((l) => (
                <LogLine key={l.id} line={l} />
              ))}
              {!log.done && (
                <button
                  type="button"
                  className="btn btn--ghost btn--block"
                  disabled={log.loading}
                  onClick={() => void log.more()}
                >
                  …
                </button>
              )}
            </div>
          )
        }
      </RequireUser>
    </Screen>
  );
}

/** /pages/legal/transfer: fiat ↔ spot through the existing transfer service. */
export function LegalTransferPage() {
  const { t } = useTranslation('legal');
  const { catalog, failed, reload } = useCatalog();
  const { balances, reload: reloadBalances } = useBalances();
  return (
    <Screen backTo="/pages/legal/legal">
      <RequireUser>
        {() =>
          !catalog ? (
            <LoadState failed={failed} onRetry={() => void reload()} testId="assets" />
          ) : (
            <>
              <p className="note">{t('transfer.note')}</p>
              <TransferForm
                coins={catalog.coins}
                balances={balances}
                initial={{ from: 'legal', coin: 'USDT' }}
                onDone={() => void reloadBalances()}
              />
            </>
          )
        }
      </RequireUser>
    </Screen>
  );
}
