import { useEffect, useRef, useState } from 'react';
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

/**
 * A modal on the platform's `<dialog>`: focus trapping, Escape and the top layer come for free.
 * Its content is mounted when it first opens and then kept: a page renders no hidden dialog content
 * (the trade page's market list would otherwise be rendered again with every price), and what was
 * typed in a dialog is still there when it opens again.
 */
export function Dialog({ open, title, children, actions, onDismiss }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(open);
  // Set while rendering (React's pattern for state derived from props): the content is in the DOM
  // before the effect below calls showModal, so focus lands inside it.
  if (open && !opened) setOpened(true);
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
      {opened && (
        <>
          <div className="dialog__body">
            {title && <h2 className="dialog__title">{title}</h2>}
            {children}
          </div>
          <div className="dialog__actions">{actions}</div>
        </>
      )}
    </dialog>
  );
}
