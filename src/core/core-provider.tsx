import * as Comlink from 'comlink';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Settings, UserInfo } from '../../domain/endpoints';
import { BCP47 } from '../../domain/locale';
import type { Lang, Theme } from '../../domain/locale';
import { changeLanguage } from '../i18n/i18n';
import { applyTheme, writeBootHint } from '../prefs/boot-hint';
import type { BootHint } from '../prefs/boot-hint';
import { knownSignedOut, writeSessionHint } from '../prefs/session-hint';
import { coreCall, getCore } from './core-client';
import { CoreContext, PrefsContext, UserContext } from './contexts';

/** Starts the worker core once and provides core, prefs and user to the tree. */
export function CoreProvider({ hint, children }: { hint: BootHint; children: ReactNode }) {
  const core = getCore();
  const [ready, setReady] = useState(false);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [prefs, setPrefs] = useState<BootHint>(hint);
  const [user, setUser] = useState<UserInfo | null>(null);
  // Read once, before the worker's boot writes the preferences (which ends "a first visit").
  const [signedOutAtBoot] = useState(knownSignedOut);
  useEffect(() => {
    if (ready) writeSessionHint(user !== null);
  }, [ready, user]);

  const apply = useCallback((next: BootHint) => {
    applyTheme(next.theme);
    writeBootHint(next);
    void changeLanguage(next.lang);
    // The same values again (the worker's stored prefs at start) re-render nothing.
    setPrefs((prev) => (prev.lang === next.lang && prev.theme === next.theme ? prev : next));
  }, []);

  const refreshSettings = useCallback(async () => {
    const out = await coreCall(core, 'settings', {});
    // Settings are optional decoration (app name, support contact, demo hints): when the server
    // cannot be reached the pages fall back to their own texts, so no intent is raised here.
    if (out.ok) setSettings(out.data);
  }, [core]);

  useEffect(() => {
    let live = true;
    core
      .init({ origin: location.origin, socketPath: '/ws', prefetchTickers: true })
      .then((boot) => {
        if (!live) return;
        apply({ lang: boot.prefs.lang, theme: boot.prefs.theme });
        // A transition: the screen this re-renders is built in short tasks, not one long one.
        startTransition(() => setUser(boot.user));
      })
      .catch((e: unknown) => console.error('worker core failed to start', e))
      .finally(() => {
        if (live) startTransition(() => setReady(true));
      });
    // A session ended by the worker (revoked on the server, seen on the socket) signs the UI out too.
    void core.onSignedOut(Comlink.proxy(() => live && setUser(null)));
    coreCall(core, 'settings', {})
      .then((out) => {
        if (live && out.ok) startTransition(() => setSettings(out.data));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [core, apply]);

  const updatePrefs = useCallback(
    async (patch: { lang?: Lang; theme?: Theme }) => {
      const next = { ...prefs, ...patch };
      apply(next);
      const stored = await core.setPrefs({
        ...patch,
        ...(patch.lang && { locale: BCP47[patch.lang] }),
      });
      if (stored.lang !== next.lang || stored.theme !== next.theme) {
        apply({ lang: stored.lang, theme: stored.theme });
      }
    },
    [core, prefs, apply],
  );

  const coreValue = useMemo(
    () => ({ core, ready, knownSignedOut: !ready && signedOutAtBoot, settings, refreshSettings }),
    [core, ready, signedOutAtBoot, settings, refreshSettings],
  );
  const prefsValue = useMemo(() => ({ ...prefs, updatePrefs }), [prefs, updatePrefs]);
  const userValue = useMemo(() => ({ user, setUser }), [user]);

  return (
    <CoreContext.Provider value={coreValue}>
      <PrefsContext.Provider value={prefsValue}>
        <UserContext.Provider value={userValue}>{children}</UserContext.Provider>
      </PrefsContext.Provider>
    </CoreContext.Provider>
  );
}
