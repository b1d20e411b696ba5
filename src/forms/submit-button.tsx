import type { ReactNode } from 'react';
import { Spinner } from '../components/spinner';

/** The full-width primary button of a form; shows a spinner and blocks double submits while busy. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
      {busy && <Spinner size={18} />}
      {children}
    </button>
  );
}
