import { useState } from 'react';
import { LANGS, LANG_NAMES, isLang, type Theme } from '../../../domain/locale';
import { getApi } from '../core/api';
import { changeLang } from '../core/i18n';
import { applyLang, savedTheme, switchTheme } from '../core/prefs';
import { useTranslation } from '../core/use-translation';

/** Theme switch and language picker. */
export function Prefs() {
  const { t, lang } = useTranslation();
  const [theme, setTheme] = useState<Theme>(savedTheme);
  const flip = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    switchTheme(next);
    setTheme(next);
  };
  return (
    <div className="prefs">
      <select
        className="prefs__lang"
        aria-label={t('shell.language')}
        data-testid="lang"
        value={lang}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLang(next)) return;
          applyLang(next);
          void getApi().setLang(next);
          void changeLang(next);
        }}
      >
        {LANGS.map((l) => (
          <option key={l} value={l}>
            {LANG_NAMES[l]}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn--ghost" data-testid="theme" onClick={flip}>
        {theme === 'dark' ? t('shell.light') : t('shell.dark')}
      </button>
    </div>
  );
}
