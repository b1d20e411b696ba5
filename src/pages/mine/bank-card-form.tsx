import { useOnline } from '../../components/use-online';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../../forms/text-field';
import type { BankCard } from '../../../domain/funding';
import type { CardValues } from './card-rules';
import { TradePasswordDialog } from './trade-password-dialog';
import { useBankCardForm } from './use-bank-card-form';

/** Props of {@link BankCardForm}. */
export interface BankCardFormProps {
  /** Bank, branch and holder of the card being replaced; the number is always typed again. */
  initial?: Partial<CardValues>;
  onBound(card: BankCard): void;
  /** Shown when replacing: keep the bound card after all. */
  onCancel?: () => void;
}

/** Binds (or replaces) the bank card: bank, branch, number and holder, confirmed by the trade password. */
export function BankCardForm({ initial, onBound, onCancel }: BankCardFormProps) {
  const { t } = useTranslation(['assets', 'common']);
  const online = useOnline();
  const { form, review, pending, cancel, busy, pwError, bind } = useBankCardForm(initial, onBound);
  const { register, formState } = form;
  const { errors } = formState;

  return (
    <>
      <form className="form card-form" noValidate onSubmit={(e) => void review(e)} data-testid="card-form">
        <TextField
          label={t('card.bank')}
          registration={register('bank')}
          error={errors.bank}
          autoComplete="off"
          data-testid="card-bank"
        />
        <TextField
          label={t('card.branch')}
          registration={register('branch')}
          error={errors.branch}
          autoComplete="off"
          data-testid="card-branch"
        />
        <TextField
          label={t('card.cardNumber')}
          registration={register('cardNumber')}
          error={errors.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={t('card.cardNumberHint')}
          data-testid="card-number"
        />
        <TextField
          label={t('card.holder')}
          registration={register('holder')}
          error={errors.holder}
          autoComplete="cc-name"
          data-testid="card-holder"
        />
        <p className="note">{t('card.holderHint')}</p>
        <div className="button-row">
          {onCancel && (
            <button type="button" className="btn btn--secondary" onClick={onCancel}>
              {t('common:actions.cancel')}
            </button>
          )}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={busy || !online}
            data-testid="card-submit"
            data-offline={!online || undefined}
          >
            {online ? t('card.submit') : t('common:offline.needsNetwork')}
          </button>
        </div>
      </form>
      <TradePasswordDialog
        open={pending !== null}
        title={t('card.confirmTitle')}
        busy={busy}
        errorKey={pwError?.key ?? null}
        errorText={pwError?.text ?? null}
        onSubmit={(pw) => void bind(pw)}
        onCancel={cancel}
      />
    </>
  );
}
