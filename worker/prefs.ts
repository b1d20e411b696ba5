import type { Lang, Theme } from '../domain';

/** A saved address on the device (spec §3), with flags the address picker filters by. */
export interface SavedAddress {
  id: string;
  coin: string;
  chain: string;
  address: string;
  label?: string;
  /** Filter flags, such as `{ withdraw: true }`. */
  flags: Record<string, boolean>;
}

/** Device-persisted preferences (spec §3); kept in IndexedDB by the worker. */
export interface Prefs {
  lang: Lang;
  theme: Theme;
  /** BCP-47 tag used for number and date formatting, derived from `lang` unless set. */
  locale: string;
  addressList: SavedAddress[];
  /** Favourite markets (`BASE/QUOTE` symbols) of the market page, in the order they were added. */
  favourites?: string[];
}
