import { useTranslation } from '../../i18n/use-translation';
import { BCP47, LANGS, LANG_NAMES } from '../../../domain/locale';
import type { Lang } from '../../../domain/locale';
import { Dialog } from '../../components/dialog';
import { Icon } from '../../components/icons';

/** Props of {@link LanguageDialog}. */
export interface LanguageDialogProps {
  open: boolean;
  value: Lang;
  onPick(lang: Lang): void;
  onClose(): void;
}

/** The eight languages, each in its own name so anyone finds theirs. */
export function LanguageDialog({ open, value, onPick, onClose }: LanguageDialogProps) {
  const { t } = useTranslation(['mine', 'common']);
  return (
    <Dialog
      open={open}
      title={t('security.language')}
      onDismiss={onClose}
      actions={
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('common:actions.close')}
        </button>
      }
    >
      <div className="choice-list" role="radiogroup" aria-label={t('security.language')}>
        {LANGS.map((lang) => (
          <button
            key={lang}
            type="button"
            role="radio"
            aria-checked={lang === value}
            className={`choice${lang === value ? ' choice--active' : ''}`}
            lang={BCP47[lang]}
            data-testid={`lang-${lang}`}
            onClick={() => onPick(lang)}
          >
            <span>{LANG_NAMES[lang]}</span>
            {lang === value && <Icon name="check" size={18} />}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
