import { useEffect, useState } from 'react';
import { LANGS, LANG_NAMES, isLang, type Theme } from '../../../domain/locale';
import { getApi } from '../core/api';
import { changeLang } from '../core/i18n';
import { applyLang, onTheme, savedTheme, switchTheme } from '../core/prefs';
import { useTranslation } from '../core/use-translation';

/** Theme switch and language picker. */
export function Prefs() {
  const { t, lang } = useTranslation();
  const [theme, setTheme] = useState<Theme>(savedTheme);
  // The bar and the phone menu each have a switch: both follow every switch.
  useEffect(() => onTheme(setTheme), []);
  const flip = () => switchTheme(theme === 'dark' ? 'light' : 'dark');
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
