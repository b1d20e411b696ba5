import { createContext, useContext } from 'react';
import type { Settings, UserInfo } from '../../domain/endpoints';
import type { Lang, Theme } from '../../domain/locale';
import type { CoreRemote } from './core-client';

/** The worker core and what the app learned from it at start. */
export interface CoreContextValue {
  core: CoreRemote;
  /** `init` answered (or failed); before that, pages show cached-first placeholders. */
  ready: boolean;
  /**
   * Before `init` answers: this device certainly has no session (a first visit, or signed out last
   * time), so a page that needs a user may show its sign-in state at once. False once `ready`.
   */
  knownSignedOut: boolean;
  /** Global settings (variant 5), or null while unknown (first launch offline). */
  settings: Settings | null;
  refreshSettings(): Promise<void>;
}

/** Device preferences as the UI uses them. The truth is in IndexedDB, written by the worker. */
export interface PrefsContextValue {
  lang: Lang;
  theme: Theme;
  /** Applies at once, then persists through `core.setPrefs` and the boot hint. */
  updatePrefs(patch: { lang?: Lang; theme?: Theme }): Promise<void>;
}

/** The signed-in user, or null. */
export interface UserContextValue {
  user: UserInfo | null;
  setUser(user: UserInfo | null): void;
}

export const CoreContext = createContext<CoreContextValue | null>(null);
export const PrefsContext = createContext<PrefsContextValue | null>(null);
export const UserContext = createContext<UserContextValue | null>(null);

function need<T>(value: T | null, name: string): T {
  if (value === null) throw new Error(`${name} used outside CoreProvider`);
  return value;
}

/** The worker core, readiness and settings. */
export const useCore = (): CoreContextValue => need(useContext(CoreContext), 'useCore');
/** Language and theme, and how to change them. */
export const usePrefs = (): PrefsContextValue => need(useContext(PrefsContext), 'usePrefs');
/** The signed-in user. */
export const useUser = (): UserContextValue => need(useContext(UserContext), 'useUser');
