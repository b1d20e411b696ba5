import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../components/toast';
import { addressFormatOk } from '../../../../domain/chains';
import type { BoundAddress } from '../../../../domain/funding';
import { LABEL_MAX } from '../../../../domain/funding';
import { codeProblem } from '../../../../domain/rules';
import { Icon } from '../../../components/icons';
import { useCall } from '../../../core/use-call';
import { applyServerFieldError, errorText } from '../../../forms/field-errors';
import { rulesResolver } from '../../../forms/rules-resolver';
import type { Problems } from '../../../forms/rules-resolver';
import { SubmitButton } from '../../../forms/submit-button';
import { TextField } from '../../../forms/text-field';
import { errorMessage } from '../../../i18n/i18n';
import { CodeField, narrow } from '../../mine';
import type { CodeValues } from '../../mine';
import type { CoinChainChoice } from './funding-catalog';

/** The address binding form as typed. */
interface BindValues extends CodeValues {
  address: string;
  label: string;
}

/** Server fields shown inline. */
const FIELDS = ['address', 'label', 'code'] as const;

/** Props of {@link BindAddressForm}. */
export interface BindAddressFormProps {
  choice: CoinChainChoice;
  /** The signed-in account: the verification code goes there. */
  account: string;
  onBound(address: BoundAddress): void;
  /** Shown when an address is already bound (replacing it): goes back to it. */
  onCancel?: () => void;
}

/**
 * Binds the withdrawal address of a coin on a chain (spec §3, §5): the address is checked against the
 * chain's format as it is typed, an optional label, and a code sent to the user's own account.
 */
export function BindAddressForm({ choice, account, onBound, onCancel }: BindAddressFormProps) {
  const { t } = useTranslation(['assets', 'common']);
  const call = useCall();
  const { chain, coin } = choice;
  const form = useForm<BindValues>({
    defaultValues: { address: '', label: '', code: '' },
    resolver: rulesResolver((v): Problems<BindValues> => {
      const out: Problems<BindValues> = {};
      const address = v.address.trim();
      if (!address) out.address = 'required';
      else if (!addressFormatOk(chain.format, address)) out.address = 'addressFormat';
      if ([...v.label.trim()].length > LABEL_MAX) out.label = 'textTooLong';
      const code = codeProblem(v.code);
      if (code) out.code = code;
      return out;
    }),
  });
  const { register, formState, control, setError } = form;
  const typed = useWatch({ control, name: 'address' }).trim();
  const formatOk = typed !== '' && addressFormatOk(chain.format, typed);

  const onSubmit = form.handleSubmit(async (v) => {
    const label = v.label.trim();
    const out = await call(
      'assets/bindAddress',
      {
        coin: coin.symbol,
        chain: chain.id,
        address: v.address.trim(),
        code: v.code.trim(),
        ...(label && { label }),
      },
      { fields: FIELDS },
    );
    if (out.ok) {
      toast.success(errorMessage('bindSuccess'));
      onBound(out.data);
    } else applyServerFieldError(out, setError);
  });

  // As-you-type feedback; once the form was submitted the field's own error takes over.
  const live =
    typed === '' || formState.errors.address ? null : formatOk ? (
      <p className="field__hint field__hint--ok" data-testid="address-format-ok">
        <Icon name="check" size={14} />
        {t('bind.formatOk', { chain: chain.id })}
      </p>
    ) : (
      <p className="field__hint field__hint--bad" data-testid="address-format-bad">
        {errorMessage('addressFormat')}
      </p>
    );

  return (
    <form className="form bind-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="bind-form">
      <dl className="pairs">
        <dt>{t('bind.coin')}</dt>
        <dd>{coin.symbol}</dd>
        <dt>{t('picker.network')}</dt>
        <dd>{chain.name}</dd>
      </dl>
      <TextField
        label={t('bind.address', { chain: chain.id })}
        registration={register('address')}
        error={formState.errors.address}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        className="field__input mono"
        below={live}
        data-testid="bind-address"
      />
      <TextField
        label={t('bind.label')}
        registration={register('label')}
        error={formState.errors.label}
        autoComplete="off"
        maxLength={LABEL_MAX}
        placeholder={t('bind.labelPlaceholder')}
        data-testid="bind-label"
      />
      <CodeField
        form={narrow<CodeValues, BindValues>(form)}
        scene="bind"
        account={() => account}
        onAccountError={(key, text) =>
          toast.error(errorText({ type: key ? 'rule' : 'server', message: key ?? text }) ?? '')
        }
      />
      <p className="note">{t('bind.codeTo', { account })}</p>
      <SubmitButton busy={formState.isSubmitting} needsNetwork>
        {t('bind.submit')}
      </SubmitButton>
      {onCancel && (
        <button type="button" className="btn btn--ghost btn--block" onClick={onCancel}>
          {t('common:actions.cancel')}
        </button>
      )}
    </form>
  );
}
