import { useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import type { SocketState } from '../../worker/api';
import { onSocketState } from '../core/api';
import { useSession } from '../core/session';
import { useTranslation } from '../core/use-translation';
import { PAGES } from '../pages/registry';
import { visiblePages } from './nav';
import { Prefs } from './prefs';

/** The socket's state as a dot in the bar. */
function LiveDot() {
  const { t } = useTranslation();
  const [state, setState] = useState<SocketState>('off');
  useEffect(() => onSocketState(setState), []);
  return (
    <span className={`live live--${state}`} data-testid="live" data-state={state} title={t(`live.${state}`)}>
      <span className="live__dot" aria-hidden />
      <span className="live__text">{t(`live.${state}`)}</span>
    </span>
  );
}

/** Ends the session. */
function SignOut() {
  const { t } = useTranslation();
  const { signOut } = useSession();
  return (
    <button type="button" className="btn btn--ghost" data-testid="sign-out" onClick={() => void signOut()}>
      {t('shell.signOut')}
    </button>
  );
}

/** The console's frame: side navigation (a menu on narrow screens), the bar, the page. */
export function Layout() {
  const { t } = useTranslation();
  const { me } = useSession();
  const [open, setOpen] = useState(false);
  const pages = visiblePages(PAGES, me?.duties ?? []);
  return (
    <div className={`shell${open ? ' shell--menu' : ''}`}>
      <header className="bar">
        <button
          type="button"
          className="btn btn--ghost bar__menu"
          aria-expanded={open}
          aria-controls="side-nav"
          data-testid="menu"
          onClick={() => setOpen((o) => !o)}
        >
          {t('shell.menu')}
        </button>
        <span className="bar__brand">{t('shell.brand')}</span>
        <LiveDot />
        <span className="bar__space" />
        <div className="bar__wide">
          <Prefs />
          {me && (
            <span className="bar__me" data-testid="me">
              {me.name} · {t(`role.${me.role}`)}
            </span>
          )}
          <SignOut />
        </div>
      </header>
      <nav id="side-nav" className="side" aria-label={t('shell.navigation')}>
        {(['work', 'admin'] as const).map((group) => (
          <ul key={group} className="side__group">
            {pages
              .filter((p) => p.group === group)
              .map((p) => (
                <li key={p.path}>
                  <NavLink
                    to={`/${p.path}`}
                    end={p.path === ''}
                    className="side__link"
                    data-page={p.path}
                    // A page chosen from the menu closes it.
                    onClick={() => setOpen(false)}
                  >
                    {t(p.label)}
                  </NavLink>
                </li>
              ))}
          </ul>
        ))}
        <div className="side__narrow">
          {me && (
            <p className="side__me">
              {me.name} · {t(`role.${me.role}`)}
            </p>
          )}
          <Prefs />
          <SignOut />
        </div>
      </nav>
      <main className="main">
        <Outlet />
      </main>
    </div>
  );
}
