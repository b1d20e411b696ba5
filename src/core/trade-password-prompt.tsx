import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

interface PromptValue {
  askTradePassword(): void;
}

const PromptContext = createContext<PromptValue | null>(null);

// The dialog and its texts load when the modal first opens; most visits never see it.
const TradePasswordDialog = lazy(() =>
  import('./trade-password-dialog').then((m) => ({ default: m.TradePasswordDialog })),
);

/** Provides the spec §8 HTTP 401 modal: "no trade password yet, set it now?" Cancel / Confirm. */
export function TradePasswordPromptProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const askTradePassword = useCallback(() => setOpen(true), []);
  const value = useMemo(() => ({ askTradePassword }), [askTradePassword]);
  return (
    <PromptContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <TradePasswordDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </PromptContext.Provider>
  );
}

/** Opens the trade-password modal. */
export function useTradePasswordPrompt(): PromptValue {
  const value = useContext(PromptContext);
  if (!value) throw new Error('useTradePasswordPrompt used outside TradePasswordPromptProvider');
  return value;
}
