import type { ComponentType } from 'react';
import type { PageTitleKey, ScreenRoute, TabId } from '../components/screen-route';
import type { Namespace } from '../i18n/i18n';

export type { PageTitleKey, TabId };

/** Loads a page's chunk and picks its component. */
export type PageLoader = () => Promise<ComponentType>;

/** One route of spec §2. */
export interface RouteDef extends ScreenRoute {
  path: string;
  /** The page's chunk; routes without one are not built yet and say so honestly. */
  load?: PageLoader;
  /** Text namespaces the page needs, loaded with its chunk; all of them unless listed. */
  ns?: readonly Namespace[];
}

const mine = (name: string, title: PageTitleKey, load?: PageLoader): RouteDef => ({
  path: `/pages/mine/${name}`,
  title,
  ...(load && { load }),
});

/**
 * A fiat page (`legal` area) by route name; all of them are one chunk behind one dynamic import,
 * but for the hall, a landing page (build/landing-preload.ts): a first visit there loaded every
 * fiat page, the transfer form and decimal.js (9 files) before its first paint.
 */
const legalPage =
  (name: string): PageLoader =>
  () =>
    import('../pages/legal/legal-pages').then((m) => m.LEGAL_PAGES[name]!);

/** Every route of spec §2. Built pages carry a loader; the rest render the not-available page. */
export const ROUTES: readonly RouteDef[] = [
  {
    path: '/pages/home/home',
    title: 'home.home',
    tab: 'home',
    pull: 'home',
    ns: ['common', 'home'],
    load: () => import('../pages/home/home-page').then((m) => m.HomePage),
  },
  {
    path: '/pages/home/news',
    title: 'home.news',
    ns: ['common', 'home', 'content'],
    load: () => import('../pages/news/news-page').then((m) => m.NewsPage),
  },
  {
    path: '/pages/home/newsDetail',
    title: 'home.newsDetail',
    ns: ['common', 'home', 'content'],
    load: () => import('../pages/news/news-detail-page').then((m) => m.NewsDetailPage),
  },
  {
    path: '/pages/home/ping',
    title: 'home.ping',
    ns: ['common', 'identity', 'errors'],
    load: () => import('../pages/mine/identity/credit-page').then((m) => m.CreditPage),
  },
  {
    path: '/pages/market/market',
    title: 'market.market',
    tab: 'market',
    pull: 'trade',
    ns: ['common', 'market'],
    load: () => import('../pages/market/market-page').then((m) => m.MarketPage),
  },
  {
    path: '/pages/market/kline',
    title: 'market.kline',
    ns: ['common', 'market'],
    load: () => import('../pages/market/kline-page').then((m) => m.KlinePage),
  },
  {
    path: '/pages/market/second',
    title: 'market.second',
    ns: ['common', 'second', 'trade', 'market'],
    load: () => import('../pages/second/second-page').then((m) => m.SecondPage),
  },
  {
    path: '/pages/trade/trade',
    title: 'trade.trade',
    pull: 'trade',
    // Its own texts only: waiting for all twelve namespaces kept a first visit blank for a second.
    ns: ['common', 'trade', 'market'],
    load: () => import('../pages/trade/trade-page').then((m) => m.TradePage),
  },
  {
    path: '/pages/trade/entrust',
    title: 'trade.entrust',
    tab: 'entrust',
    pull: 'trade',
    // A landing page (build/landing-preload.ts): its own texts only, not all twelve namespaces.
    ns: ['common', 'trade', 'lever'],
    load: () => import('../pages/trade/entrust-page').then((m) => m.EntrustPage),
  },
  {
    path: '/pages/trade/detail',
    title: 'trade.detail',
    load: () => import('../pages/trade/detail-page').then((m) => m.DetailPage),
  },
  {
    path: '/pages/lever/lever',
    title: 'lever.lever',
    pull: 'trade',
    ns: ['common', 'lever', 'trade', 'errors'],
    load: () => import('../pages/lever/lever-page').then((m) => m.LeverPage),
  },
  {
    path: '/pages/lever/leverList',
    title: 'lever.leverList',
    ns: ['common', 'lever', 'trade', 'errors'],
    load: () => import('../pages/lever/lever-list-page').then((m) => m.LeverListPage),
  },
  {
    path: '/pages/lever/orderList',
    title: 'lever.orderList',
    ns: ['common', 'lever', 'trade', 'errors'],
    load: () => import('../pages/lever/order-list-page').then((m) => m.LeverOrderListPage),
  },
  ...(
    [
      'legal',
      'store',
      'storeUser',
      'storeDetail',
      'transactionRecord',
      'transfer',
      'storeOrder',
      'orderDetail',
      'order',
      'recordlist',
    ] as const
  ).map((p): RouteDef => ({
    path: `/pages/legal/${p}`,
    title: `legal.${p}`,
    legal: true,
    load: p === 'legal' ? () => import('../pages/legal/legal-page').then((m) => m.LegalPage) : legalPage(p),
    ns: ['common', 'legal', 'errors', 'assets'],
  })),
  {
    path: '/pages/ieo/index',
    title: 'ieo.index',
    ns: ['common', 'ieo', 'errors'],
    load: () => import('../pages/ieo/ieo-index-page').then((m) => m.IeoIndexPage),
  },
  {
    // Without `?id=` the coin-listing application (the title the route always had); with it a
    // project's links, from the IEO detail page.
    path: '/pages/ieo/link',
    title: 'ieo.link',
    ns: ['common', 'home', 'content', 'errors', 'ieo'],
    load: () =>
      Promise.all([import('../pages/listing/listing-page'), import('../pages/ieo/ieo-link-page')]).then(
        ([listing, ieo]) => ieo.ieoLinkRoute(listing.ListingPage),
      ),
  },
  {
    path: '/pages/ieo/log',
    title: 'ieo.log',
    ns: ['common', 'ieo', 'errors'],
    load: () => import('../pages/ieo/ieo-log-page').then((m) => m.IeoLogPage),
  },
  {
    path: '/pages/ieo/detail',
    title: 'ieo.detail',
    ns: ['common', 'ieo', 'errors', 'assets'],
    load: () => import('../pages/ieo/ieo-detail-page').then((m) => m.IeoDetailPage),
  },
  {
    path: '/pages/lockming/index',
    title: 'lockming.index',
    ns: ['common', 'lockming', 'errors'],
    load: () => import('../pages/lockming/lockming-page').then((m) => m.LockmingPage),
  },
  {
    path: '/pages/lockming/list',
    title: 'lockming.list',
    ns: ['common', 'lockming', 'errors'],
    load: () => import('../pages/lockming/lockming-list-page').then((m) => m.LockmingListPage),
  },
  {
    path: '/pages/assets/assets',
    title: 'assets.assets',
    load: () => import('../pages/assets/assets-page').then((m) => m.AssetsPage),
  },
  {
    path: '/pages/assets/tradeAccount',
    title: 'assets.tradeAccount',
    pull: 'trade',
    load: () => import('../pages/assets/trade-account-page').then((m) => m.TradeAccountPage),
  },
  {
    path: '/pages/assets/charge',
    title: 'assets.charge',
    pull: 'trade',
    load: () => import('../pages/assets/charge-page').then((m) => m.ChargePage),
  },
  {
    path: '/pages/assets/bankcharge',
    title: 'assets.bankcharge',
    load: () => import('../pages/assets/bank-charge-page').then((m) => m.BankChargePage),
  },
  {
    path: '/pages/assets/chargedone',
    title: 'assets.chargedone',
    load: () => import('../pages/assets/charge-done-page').then((m) => m.ChargeDonePage),
  },
  {
    path: '/pages/assets/mention',
    title: 'assets.mention',
    pull: 'trade',
    load: () => import('../pages/assets/mention-page').then((m) => m.MentionPage),
  },
  {
    path: '/pages/assets/assetsIncome',
    title: 'assets.assetsIncome',
    load: () => import('../pages/assets/assets-income-page').then((m) => m.AssetsIncomePage),
  },
  {
    path: '/pages/assets/transfer',
    title: 'assets.transfer',
    pull: 'trade',
    load: () => import('../pages/assets/transfer-page').then((m) => m.TransferPage),
  },
  {
    ...mine('index', 'mine.index', () =>
      import('../pages/mine/mine-index-page').then((m) => m.MineIndexPage),
    ),
    tab: 'mine',
    pull: 'trade',
    // A landing page (build/landing-preload.ts): its own texts only, not all twelve namespaces.
    ns: ['common', 'mine'],
  },
  mine('login', 'mine.login', () => import('../pages/mine/login-page').then((m) => m.LoginPage)),
  mine('register', 'mine.register', () => import('../pages/mine/register-page').then((m) => m.RegisterPage)),
  mine('setPwd', 'mine.setPwd', () => import('../pages/mine/set-pwd-page').then((m) => m.SetPwdPage)),
  mine('modifyPwd', 'mine.modifyPwd', () =>
    import('../pages/mine/modify-pwd-page').then((m) => m.ModifyPwdPage),
  ),
  mine('modifyPwdNext', 'mine.modifyPwdNext', () =>
    import('../pages/mine/modify-pwd-next-page').then((m) => m.ModifyPwdNextPage),
  ),
  mine('forgetPwd', 'mine.forgetPwd', () =>
    import('../pages/mine/forget-pwd-page').then((m) => m.ForgetPwdPage),
  ),
  mine('forgetPwdNext', 'mine.forgetPwdNext', () =>
    import('../pages/mine/forget-pwd-next-page').then((m) => m.ForgetPwdNextPage),
  ),
  mine('userCenter', 'mine.userCenter', () =>
    import('../pages/mine/user-center-page').then((m) => m.UserCenterPage),
  ),
  mine('security', 'mine.security', () => import('../pages/mine/security-page').then((m) => m.SecurityPage)),
  mine('resetLegalPwd', 'mine.resetLegalPwd', () =>
    import('../pages/mine/reset-legal-pwd-page').then((m) => m.ResetLegalPwdPage),
  ),
  {
    ...mine('real_authentication', 'mine.real_authentication', () =>
      import('../pages/mine/identity/real-auth-page').then((m) => m.RealAuthPage),
    ),
    ns: ['common', 'identity', 'errors'],
  },
  {
    ...mine('collect_money', 'mine.collect_money', legalPage('collect_money')),
    ns: ['common', 'legal', 'errors', 'assets'],
  },
  mine('card', 'mine.card', () => import('../pages/mine/card-page').then((m) => m.CardPage)),
  {
    ...mine('invite', 'mine.invite', () =>
      import('../pages/mine/identity/invite-page').then((m) => m.InvitePage),
    ),
    ns: ['common', 'identity', 'errors'],
  },
  {
    ...mine('kefu', 'mine.kefu', () => import('../pages/kefu/kefu-page').then((m) => m.KefuPage)),
    tab: 'kefu',
    pull: 'trade',
    ns: ['common', 'home', 'content', 'errors'],
  },
  {
    path: '/pages/zhibo/zhibo',
    title: 'zhibo.zhibo',
    ns: ['common', 'home', 'content'],
    load: () => import('../pages/zhibo/zhibo-page').then((m) => m.ZhiboPage),
  },
  {
    path: '/pages/sell/sell',
    title: 'sell.sell',
    ns: ['common', 'sell', 'errors'],
    load: () => import('../pages/sell/sell-page').then((m) => m.SellPage),
  },
  {
    path: '/pages/sell/log',
    title: 'sell.log',
    ns: ['common', 'sell', 'errors'],
    load: () => import('../pages/sell/sell-log-page').then((m) => m.SellLogPage),
  },
  {
    path: '/choose-location',
    title: 'system.chooseLocation',
    ns: ['common', 'home', 'content'],
    load: () => import('../pages/location/choose-location-page').then((m) => m.ChooseLocationPage),
  },
  {
    path: '/open-location',
    title: 'system.openLocation',
    ns: ['common', 'home', 'content', 'errors'],
    load: () => import('../pages/location/open-location-page').then((m) => m.OpenLocationPage),
  },
];

/** The tab bar: tab id, route and icon, in order (spec §2). */
export const TABS: readonly { id: TabId; path: string }[] = [
  { id: 'home', path: '/pages/home/home' },
  { id: 'market', path: '/pages/market/market' },
  { id: 'entrust', path: '/pages/trade/entrust' },
  { id: 'kefu', path: '/pages/mine/kefu' },
  { id: 'mine', path: '/pages/mine/index' },
];

/** Routes by lower-case path: matching is case-insensitive, as react-router's is by default. */
let byPath: Map<string, RouteDef> | null = null;

/**
 * The route of a path; `/` is the alias of home. Like react-router's matching: case-insensitive,
 * a trailing slash allowed. One map lookup: matching the route table as `<Route>` elements built a
 * regular expression for each of its ~80 paths on every render (12–19 ms of a first visit at 1× CPU).
 */
export function routeOf(path: string): RouteDef | undefined {
  byPath ??= new Map(ROUTES.map((r) => [r.path.toLowerCase(), r]));
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return byPath.get(p === '/' || p === '' ? '/pages/home/home' : p.toLowerCase());
}
