import { createContext, useContext } from 'react';
import type { Texts } from '../i18n/i18n';

type PageTitles = Texts['common']['pages'];
/** A route title key under `common:pages`, such as `mine.login`. */
export type PageTitleKey = {
  [A in keyof PageTitles]: `${A & string}.${keyof PageTitles[A] & string}`;
}[keyof PageTitles];

/** The five tabs of spec §2, in bar order. */
export type TabId = 'home' | 'market' | 'entrust' | 'kefu' | 'mine';

/** What a page's chrome ({@link Screen}) needs to know of its route. */
export interface ScreenRoute {
  title: PageTitleKey;
  tab?: TabId;
  /** Pull-to-refresh trigger offset, for pages that have it (spec §2, §9). */
  pull?: 'home' | 'trade';
  /** The fiat pages use the blue background (spec §1). */
  legal?: boolean;
}

/**
 * The current route, provided by the router around the page it renders. A context rather than a
 * lookup in the route table: the table loads every page, so `Screen` importing it made every page
 * part of one import circle.
 */
export const ScreenRouteContext = createContext<ScreenRoute | undefined>(undefined);

/** The route the current page was rendered for; undefined for a path no route has. */
export const useScreenRoute = (): ScreenRoute | undefined => useContext(ScreenRouteContext);
