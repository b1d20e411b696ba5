import type { ReactNode } from 'react';
import { useTranslation } from '../core/use-translation';

/** A list's filter as its page's head shows it: the select of `filter`, and the refresh beside it. */
export interface ListFilter<F extends string> {
  label: string;
  testId: string;
  options: readonly FilterOption[];
  /** The list it narrows (lists/use-list.ts). */
  list: { filter: F; setFilter: (filter: F) => void; reload: () => void };
}

/**
 * A list page's frame: its title, the list's filter and refresh, the other tools beside them (a
 * "new" button, or filters of its own), then the page's body (forms, the list, its pager).
 */
export function ListPage<F extends string>({
  testId,
  title,
  filter,
  tools,
  children,
}: {
  testId: string;
  title: ReactNode;
  filter?: ListFilter<F>;
  tools?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="page" data-testid={testId}>
      <header className="page__head">
        <h1 className="page__title">{title}</h1>
        {filter && (
          <>
            <FilterSelect
              label={filter.label}
              testId={filter.testId}
              value={filter.list.filter}
              onChange={filter.list.setFilter}
              options={filter.options}
            />
            <RefreshButton onClick={filter.list.reload} />
          </>
        )}
        {tools}
      </header>
      {children}
    </section>
  );
}

/** One choice of a {@link FilterSelect}. */
export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled select that narrows a list (a status, a phase, a language). */
export function FilterSelect<V extends string>({
  label,
  testId,
  value,
  options,
  onChange,
}: {
  label: string;
  testId: string;
  value: V;
  options: readonly FilterOption[];
  /** The value chosen; one of `options`' values. */
  onChange: (value: V) => void;
}) {
  return (
    <label className="filter">
      <span>{label}</span>
      <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Reads the list again (another operator may have acted on it). */
export function RefreshButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn" onClick={onClick}>
      {t('action.refresh')}
    </button>
  );
}
