import { useSearchParams } from 'react-router-dom';
import type { Empty } from '../../../domain/endpoint-def';
import type { LegalAd, LegalConfig } from '../../../domain/legal';
import { Screen } from '../../components/screen';
import { SubmitButton } from '../../forms/submit-button';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/legal.css';
import { RequireUser } from '../../components/require-user';
import { AdInput, AdMarketSelects, AdMethodChecks, AdSideTabs } from './ad-form-parts';
import { ReadState } from './read-state';
import { useAdForm } from './use-ad-form';
import { useLegalRead } from './use-legal';

const NONE: Empty = {};

/** Publishing or editing (`ad`) an ad: side, market, price, limits, quantity, payment kinds. */
function AdForm({ terms, ad }: { terms: LegalConfig; ad: LegalAd | null }) {
  const { t } = useTranslation(['legal', 'common']);
  const form = useAdForm(terms, ad);
  const { coin, currency, values } = form;
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
      data-testid="ad-form"
    >
      <AdSideTabs form={form} locked={ad !== null} />
      <AdMarketSelects form={form} terms={terms} locked={ad !== null} />
      <AdInput form={form} field="price" label={t('adForm.price', { currency })} />
      <div className="legal-row2">
        <AdInput form={form} field="min" label={t('adForm.min', { currency })} />
        <AdInput form={form} field="max" label={t('adForm.max', { currency })} />
      </div>
      <AdInput form={form} field="total" label={t('adForm.total', { coin })} />
      <AdMethodChecks form={form} />
      <AdInput form={form} field="autoCancelMin" label={t('adForm.autoCancel')} />
      {form.side === 'sell' && values.total.trim() !== '' && (
        <p className="note">{t('adForm.freezeNote', { qty: values.total.trim(), coin })}</p>
      )}
      <SubmitButton busy={form.busy}>{ad ? t('adForm.saveEdit') : t('adForm.save')}</SubmitButton>
    </form>
  );
}

function AdFormBody({ id }: { id: string }) {
  const config = useLegalRead('legal/config', NONE);
  const ad = useLegalRead('legal/ad', { id }, id !== '');
  if (!config.data) return <ReadState read={config}>{null}</ReadState>;
  if (id && !ad.data) return <ReadState read={ad}>{null}</ReadState>;
  return <AdForm key={id} terms={config.data} ad={id ? ad.data : null} />;
}

/** /pages/legal/storeDetail[?id=…]: publish an ad, or edit one of the merchant's own. */
export function StoreDetailPage() {
  const { t } = useTranslation('legal');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <Screen backTo="/pages/legal/store" title={id ? t('adForm.titleEdit', { id }) : t('adForm.titleNew')}>
      <RequireUser>{() => <AdFormBody id={id} />}</RequireUser>
    </Screen>
  );
}
