import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/** Props of {@link Dialog}. */
export interface DialogProps {
  open: boolean;
  title?: string;
  children: ReactNode;
  /** Buttons, right-aligned at the bottom. */
  actions: ReactNode;
  /** Escape key or backdrop: the same as the cancel action. */
  onDismiss(): void;
}

/** A modal on the platform's `<dialog>`: focus trapping, Escape and the top layer come for free. */
export function Dialog({ open, title, children, actions, onDismiss }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onDismiss();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onDismiss();
      }}
    >
      <div className="dialog__body">
        {title && <h2 className="dialog__title">{title}</h2>}
        {children}
      </div>
      <div className="dialog__actions">{actions}</div>
    </dialog>
  );
}
