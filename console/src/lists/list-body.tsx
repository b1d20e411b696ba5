import type { ReactNode } from 'react';
import { useTranslation } from '../core/use-translation';

/** The words of a list with no rows, and the test id that finds them. */
export interface EmptyText {
  text: string;
  testId?: string;
}

/** The words of a list whose read failed; with `retry`, a button that reads it again. */
export interface FailedText {
  text: string;
  testId?: string;
  retry?: { label: string; onClick: () => void };
}

/**
 * A list's states in the one order every page shows them: `…` while the rows are read (undefined),
 * the failure (null), the empty list's words, else the rows. Without `empty` an empty list shows its
 * table (its head alone: the operators, where at least the operator reading it is listed); without
 * `failed` a failure reads `problem.failed` (the call's toast already said why).
 */
export function ListBody<T>({
  rows,
  empty,
  failed,
  children,
}: {
  rows: readonly T[] | null | undefined;
  empty?: EmptyText;
  failed?: FailedText;
  children: (rows: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (rows === undefined) return <p className="loading">…</p>;
  if (rows === null) {
    if (!failed?.retry)
      return (
        <p className="empty" data-testid={failed?.testId}>
          {failed?.text ?? t('problem.failed')}
        </p>
      );
    return (
      <div className="empty" data-testid={failed.testId}>
        <p>{failed.text}</p>
        <button type="button" className="btn" onClick={failed.retry.onClick}>
          {failed.retry.label}
        </button>
      </div>
    );
  }
  if (rows.length === 0 && empty) {
    return (
      <p className="empty" data-testid={empty.testId}>
        {empty.text}
      </p>
    );
  }
  return children(rows);
}
