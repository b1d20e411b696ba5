import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/forms.css';
import './styles/components.css';
import './styles/lists.css';
import './styles/feedback.css';
import './styles/home.css';
import './styles/account.css';
import './styles/market.css';
import './styles/kline.css';
import './styles/trade.css';
import './styles/trade-orders.css';
import './styles/assets.css';
import './styles/funding.css';
import './styles/offline.css';
import { App } from './app';
import { afterLoad } from './core/after-first-render';
import { initI18n, loadNamespaces } from './i18n/i18n';
import { readBootHint } from './prefs/boot-hint';

const hint = readBootHint();
// The hinted language is loaded before the first render, so no text flashes in another language.
// Not a top-level await: the locale chunks import this module's chunk (the preload helper), and a
// module still evaluating would keep them waiting for ever (a language other than the bundled one
// never rendered).
void initI18n(hint.lang)
  .catch((e: unknown) => console.error('i18n failed', e))
  .then(() => {
    const root = createRoot(document.getElementById('root')!);
    // As a transition the first render is cut into short tasks that let the browser breathe (a phone
    // stays responsive to a tap while the app builds its first screen).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App hint={hint} />
        </StrictMode>,
      ),
    );
  });

// The service worker (and workbox-window) and the web app manifest are not needed to render: they
// come after the page loaded, so their downloads do not compete with the first visit's own requests.
afterLoad(() => {
  void import('./pwa/register-sw').then((m) => {
    m.linkManifest();
    m.registerServiceWorker();
  });
  // Message texts, so a toast or form error shown later needs no request of its own.
  void loadNamespaces(['errors']);
});
