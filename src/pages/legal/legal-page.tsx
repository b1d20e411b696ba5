import { Suspense, lazy, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Empty } from '../../../domain/endpoint-def';
import type { LegalAd } from '../../../domain/legal';
import { Screen } from '../../components/screen';
import { usePrefs, useUser } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/legal.css';
import { AdCard, TakeBlockedNote } from './ad-card';
import { HallAccount, HallFilters, HallLinks, HallTabs } from './legal-hall-parts';
import { Cached, ReadState } from './read-state';
import { coinDecimals } from './legal-format';
import { hallRequest } from '../../../domain/legal-hall';
import { whenIdleAfterPaint } from '../../core/after-first-render';
import { takeBlock } from './take-rule';
import { useBalances } from '../trade';
import { useLegalPush, useLegalRead } from './use-legal';

const NONE: Empty = {};

/**
 * The take dialog and what it alone needs, loaded after the hall's first paint: none of it is
 * drawn before a tap, and as part of the hall's first load it delayed the largest paint.
 */
const loadTakeDialog = () => import('./take-dialog');
const TakeDialog = lazy(() => loadTakeDialog().then((m) => ({ default: m.TakeDialog })));

/** /pages/legal/legal?side=buy&coin=USDT&currency=CNY: the fiat hall, buy or sell, by coin and currency. */
export function LegalPage() {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  const { user } = useUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const config = useLegalRead('legal/config', NONE);
  const terms = config.data;
  // The worker asks for the same request on a first visit, as soon as the terms are in.
  const hall = hallRequest(params, terms, lang);
  const { side, coin, currency } = hall;
  const ads = useLegalRead('legal/ads', hall, terms !== null);
  const me = useLegalRead('legal/me', NONE, user !== null);
  const [taking, setTaking] = useState<LegalAd | null>(null);
  // Mounted from the first tap on (it keeps what was typed, as before it was lazy); fetched when
  // the main thread is idle after the ads are shown, so that tap seldom waits.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (taking && !dialogWanted) setDialogWanted(true);
  // Not before there is an ad to take: an empty hall never needs the dialog, and its code no longer
  // shares a first visit's link with the hall's own reads.
  const hasAds = (ads.data?.length ?? 0) > 0;
  useEffect(() => (hasAds ? whenIdleAfterPaint(() => void loadTakeDialog(), 3_000) : undefined), [hasAds]);
  const { balances } = useBalances();
  const held = balances?.find((b) => b.account === 'legal' && b.coin === coin);
  useLegalPush(() => {
    void ads.reload();
    void me.reload();
  });

  const set = (patch: Record<string, string>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const take = (ad: LegalAd) => {
    if (!user)
      void navigate('/pages/mine/login', { state: { from: `/pages/legal/legal?${params.toString()}` } });
    else setTaking(ad);
  };
  // Known refusals disable the take buttons up front, not after the form is filled in (issue 29).
  const block = takeBlock(me.data, side);

  return (
    <Screen right={<HallLinks />}>
      <HallTabs side={side} onSide={(k) => set({ side: k })} />
      <HallFilters
        terms={terms}
        coin={coin}
        currency={currency}
        onCoin={(c) => set({ coin: c })}
        onCurrency={(c) => set({ currency: c })}
      />
      {user && <HallAccount coin={coin} available={held?.available ?? '0'} />}
      {block ? (
        <TakeBlockedNote block={block} />
      ) : (
        me.data &&
        side === 'buy' && (
          <p className="note" data-testid="cancels-left">
            {t('hall.cancelsLeft', { n: me.data.cancelsLeft })}
          </p>
        )
      )}
      <Cached at={ads.cachedAt} />
      <ReadState read={config.data ? ads : config} empty={ads.data?.length === 0 ? t('hall.empty') : null}>
        <div className="legal-list" data-testid="legal-ads">
          {ads.data?.map((ad) => (
            <AdCard key={ad.id} ad={ad} side={side} onTake={take} blocked={block !== null} />
          ))}
        </div>
      </ReadState>
      {dialogWanted && (
        <Suspense fallback={null}>
          <TakeDialog
            ad={taking}
            decimals={taking ? coinDecimals(terms, taking.coin) : 2}
            side={side}
            paymentMinutes={terms?.paymentMinutes ?? 10}
            onClose={() => setTaking(null)}
          />
        </Suspense>
      )}
    </Screen>
  );
}
