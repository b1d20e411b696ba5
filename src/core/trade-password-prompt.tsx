import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorMessage } from '../i18n/i18n';

interface PromptValue {
  askTradePassword(): void;
}

const PromptContext = createContext<PromptValue | null>(null);

/** Provides the spec §8 HTTP 401 modal: "no trade password yet, set it now?" Cancel / Confirm. */
export function TradePasswordPromptProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const askTradePassword = useCallback(() => setOpen(true), []);
  const value = useMemo(() => ({ askTradePassword }), [askTradePassword]);
  return (
    <PromptContext.Provider value={value}>
      {children}
      <ConfirmDialog
        open={open}
        message={errorMessage('noTradePassword')}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('actions.confirm')}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          void navigate('/pages/mine/resetLegalPwd');
        }}
      />
    </PromptContext.Provider>
  );
}

/** Opens the trade-password modal. */
export function useTradePasswordPrompt(): PromptValue {
  const value = useContext(PromptContext);
  if (!value) throw new Error('useTradePasswordPrompt used outside TradePasswordPromptProvider');
  return value;
}
