import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/styles/tokens.css';
import './styles/console.css';
import './styles/pages.css';
import { App } from './app';
import { getApi } from './core/api';
import { initI18n } from './core/i18n';
import { applyLang, applyTheme, savedLang, savedTheme } from './core/prefs';

const lang = savedLang();
applyTheme(savedTheme());
applyLang(lang);
// The worker starts beside the texts' download.
void getApi().setLang(lang);
void initI18n(lang)
  .catch((e: unknown) => console.error('i18n failed', e))
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
