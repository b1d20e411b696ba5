import { memo, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { useCore, usePrefs, useUser } from '../../core/contexts';
import { useRefreshUser } from '../../core/use-refresh-user';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { formatTime } from '../../i18n/format';
import { afterLoad } from '../../core/after-first-render';
import { useTickers } from '../market';
import { HomeNotices } from '../news';
import { EntryGrid } from './entry-grid';
import type { Entry } from './entry-grid';
import { HomeMarkets } from './home-markets';

/** The main areas, one tap away (spec §2 "home": quick deposit, withdrawal, trading …). */
const QUICK: readonly Entry[] = [
  { to: '/pages/assets/charge', icon: 'download', title: 'assets.charge' },
  { to: '/pages/assets/mention', icon: 'upload', title: 'assets.mention' },
  { to: '/pages/assets/transfer', icon: 'swap', title: 'assets.transfer' },
  { to: '/pages/assets/assets', icon: 'wallet', title: 'assets.assets' },
  { to: '/pages/trade/trade', icon: 'chart', title: 'trade.trade' },
  { to: '/pages/lever/lever', icon: 'layers', title: 'lever.lever' },
  { to: '/pages/market/second', icon: 'clock', title: 'market.second' },
  { to: '/pages/legal/legal', icon: 'bank', title: 'legal.legal' },
];

/** Everything else on the home page of spec §2. */
const MORE: readonly Entry[] = [
  { to: '/pages/ieo/index', icon: 'rocket', title: 'ieo.index' },
  { to: '/pages/ieo/log', icon: 'orders', title: 'ieo.log' },
  { to: '/pages/ieo/log?view=allocations', icon: 'gift', title: 'ieo.log', label: 'allocations' },
  { to: '/pages/lockming/index', icon: 'lock', title: 'lockming.index' },
  { to: '/pages/home/news', icon: 'news', title: 'home.news' },
  { to: '/pages/zhibo/zhibo', icon: 'live', title: 'zhibo.zhibo' },
  { to: '/pages/sell/sell', icon: 'coins', title: 'sell.sell' },
  { to: '/pages/home/ping', icon: 'gauge', title: 'home.ping' },
  { to: '/pages/mine/invite', icon: 'gift', title: 'mine.invite' },
  { to: '/pages/mine/invite?view=team', icon: 'people', title: 'mine.invite', label: 'team' },
  { to: '/pages/mine/invite?view=share', icon: 'globe', title: 'mine.invite', label: 'shareLink' },
  { to: '/pages/legal/store', icon: 'people', title: 'legal.store' },
  { to: '/pages/ieo/link', icon: 'coins', title: 'ieo.link' },
];

// Pinned notices are their own chunk (`HomeNotices` is lazy), fetched once the page has loaded and
// shown its first prices (or found it has none): never part of what home needs to render, however
// slow the prices are.
/** Pause between home's first prices and fetching the notices, in milliseconds. */
const NOTICES_DELAY_MS = 1_000;
/** When home still shows no prices this long after loading, the notices are fetched anyway. */
const NOTICES_FALLBACK_MS = 8_000;

/** Greeting and, signed out, the sign-up call (memoized: prices streaming below leave it alone). */
const HomeHero = memo(function HomeHero({
  appName,
  demo,
  account,
}: {
  appName: string;
  demo: boolean;
  account: string | null;
}) {
  const { t } = useTranslation(['home', 'common']);
  return (
    <section className="hero">
      <div className="hero__brand">
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={36} height={36} />
        <span className="hero__name">{appName}</span>
        {demo && <span className="badge badge--sim">{t('common:demo.badge')}</span>}
      </div>
      <h1 className="hero__title">{t('greeting', { app: appName })}</h1>
      <p className="hero__text">{t('tagline')}</p>
      {account ? (
        <p className="hero__user">
          <Icon name="user" size={16} /> {t('signedInAs', { account })}
        </p>
      ) : (
        <div className="hero__cta">
          <p className="hero__cta-title">{t('ctaTitle')}</p>
          <div className="button-row">
            <Link className="btn btn--primary" to="/pages/mine/register">
              {t('common:actions.register')}
            </Link>
            <Link className="btn btn--secondary" to="/pages/mine/login">
              {t('common:actions.login')}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
});

/** /pages/home/home (and `/`): greeting, entry tiles, hot products and gainers. */
export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const { settings, refreshSettings } = useCore();
  const { user } = useUser();
  const { lang } = usePrefs();
  const refreshUser = useRefreshUser();
  const [updated, setUpdated] = useState<Date | null>(null);
  const appName = settings?.appName ?? t('common:appName');

  const tickers = useTickers();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterLoad(() => setLoaded(true)), []);
  const pricesShown = tickers.settled && (tickers.source !== 'none' || tickers.tickers.length > 0);
  const [notices, setNotices] = useState(false);
  useEffect(() => {
    if (!loaded) return;
    // Without prices (offline on a first visit, a market that never traded) the notices still come.
    const timer = setTimeout(() => setNotices(true), pricesShown ? NOTICES_DELAY_MS : NOTICES_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [loaded, pricesShown]);
  const { restart } = tickers;

  const refresh = useCallback(async () => {
    restart();
    await Promise.all([refreshSettings(), refreshUser()]);
    setUpdated(new Date());
  }, [refreshSettings, refreshUser, restart]);

  return (
    <Screen bare onRefresh={refresh}>
      <HomeHero appName={appName} demo={settings?.mode === 'demo'} account={user?.account ?? null} />

      <EntryGrid title={t('sections.quick')} entries={QUICK} />

      <HomeMarkets tickers={tickers} />

      <EntryGrid title={t('sections.more')} entries={MORE} />
      {/* After the entries: notices arrive seconds after the first paint and would push them. */}
      {notices && (
        <Suspense fallback={null}>
          <HomeNotices />
        </Suspense>
      )}
      {/* Below everything: the settings arrive after the first paint, and a notice that appeared
          above the markets would push them down (layout shift). */}
      {settings?.mode === 'demo' && <p className="hero__demo">{t('demoNotice')}</p>}
      {updated && <p className="muted center">{t('updatedAt', { time: formatTime(updated, lang) })}</p>}
    </Screen>
  );
}
