import { memo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import type { IconName } from '../../components/icons';
import type { PageTitleKey } from '../../components/screen-route';

/** A home tile: where it goes, its icon and the route title it shows. */
export interface Entry {
  to: string;
  icon: IconName;
  title: PageTitleKey;
  /** A label of its own (`home:entries.*`) for a tile that opens a section of a page. */
  label?: 'team' | 'shareLink' | 'allocations';
}

/** A four-column grid of tiles (memoized: its props never change while prices stream on home). */
export const EntryGrid = memo(function EntryGrid({
  title,
  entries,
}: {
  title: string;
  entries: readonly Entry[];
}) {
  const { t } = useTranslation(['common', 'home']);
  return (
    <section className="card">
      <h2 className="card__title">{title}</h2>
      <div className="entry-grid">
        {entries.map((e) => (
          <Link key={e.to} className="entry" to={e.to}>
            <span className="entry__icon">
              <Icon name={e.icon} size={22} />
            </span>
            <span className="entry__label">
              {e.label ? t(`home:entries.${e.label}`) : t(`pages.${e.title}`)}
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
});
