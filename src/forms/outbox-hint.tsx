import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { OutboxMessage } from '../../domain/endpoints';
import { useCore } from '../core/contexts';
import { useCall } from '../core/use-call';

/** Props of {@link OutboxHint}. */
export interface OutboxHintProps {
  /** The account whose messages to read. */
  account(): string;
  /** Puts a code into the code field. */
  onUse(code: string): void;
}

/**
 * Demo servers only (settings.mode 'demo' with simulated messages): nothing is really sent, so a
 * newcomer reads the code from the server's simulated outbox. Clearly labelled as a simulator.
 */
export function OutboxHint({ account, onUse }: OutboxHintProps) {
  const { t } = useTranslation('mine');
  const { settings } = useCore();
  const call = useCall();
  const [messages, setMessages] = useState<OutboxMessage[] | null>(null);
  const [asked, setAsked] = useState('');
  if (settings?.mode !== 'demo' || !settings.simulated.messages) return null;

  const open = async () => {
    const to = account().trim();
    setAsked(to);
    if (!to) {
      setMessages([]);
      return;
    }
    const out = await call('dev/outbox', { account: to });
    if (out.ok) setMessages(out.data ?? []);
  };
  // The newest message wins: an earlier code may already be used up.
  const latest = messages?.length ? messages.reduce((a, b) => (a.createdAt >= b.createdAt ? a : b)) : null;

  return (
    <div className="simulator" data-testid="outbox-hint">
      <div className="simulator__head">
        <span className="badge badge--sim">{t('outbox.label')}</span>
        <span className="simulator__text">{t('outbox.hint')}</span>
      </div>
      <button type="button" className="btn btn--text btn--small" onClick={() => void open()}>
        {t('outbox.open')}
      </button>
      {messages && !latest && (
        <p className="simulator__text">{asked ? t('outbox.empty') : t('outbox.needAccount')}</p>
      )}
      {latest && (
        <div className="simulator__message" data-testid="outbox-message">
          <p className="simulator__body">{latest.body}</p>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => onUse(latest.code)}>
            {t('outbox.use')} · <span className="mono">{latest.code}</span>
          </button>
        </div>
      )}
    </div>
  );
}
