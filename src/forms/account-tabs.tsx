import { useTranslation } from '../i18n/use-translation';
import type { AccountKind } from '../../domain/rules';

/** Mobile / e-mail switch of the login, register and recovery forms (spec §2). */
export function AccountTabs({ value, onChange }: { value: AccountKind; onChange(kind: AccountKind): void }) {
  const { t } = useTranslation('mine');
  return (
    <div className="segmented" role="tablist">
      {(['mobile', 'email'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          role="tab"
          aria-selected={value === kind}
          className={`segmented__item${value === kind ? ' segmented__item--active' : ''}`}
          onClick={() => onChange(kind)}
        >
          {t(`tabs.${kind}`)}
        </button>
      ))}
    </div>
  );
}
