import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Field } from '../../components/field';
import { useDuty } from '../../core/session';
import { toast } from '../../core/toast';
import { SelectField } from '../../forms/controls';
import { utcOffsetLabel } from '../../forms/datetime';
import { useFormCall } from '../../forms/server-errors';
import type { Show } from '../../queue/spec';
import { useShow } from '../../queue/use-show';
import type { EarnProduct } from '../../../worker/routes';
import {
  emptyProduct,
  PRODUCT_FIELDS,
  productLocked,
  productRequest,
  productState,
  productToForm,
  type ProductForm,
} from './product-form';

/** The form's fields; a lock-up has a period and may allow early redemption, savings has an end. */
function ProductFields({
  form,
  kind,
  t,
}: {
  form: UseFormReturn<ProductForm>;
  kind: ProductForm['kind'];
  t: Show['t'];
}) {
  const { errors } = form.formState;
  const need = { required: t('signIn.required') };
  return (
    <>
      <SelectField
        label={t('reviews.earn.field.kind')}
        registration={form.register('kind')}
        error={errors.kind}
      >
        <option value="lock">{t('reviews.earn.kind.lock')}</option>
        <option value="savings">{t('reviews.earn.kind.savings')}</option>
      </SelectField>
      <Field
        label={t('reviews.earn.field.coin')}
        autoComplete="off"
        data-testid="earn-coin"
        registration={form.register('coin', need)}
        error={errors.coin}
      />
      <Field
        label={t('reviews.earn.field.name')}
        autoComplete="off"
        data-testid="earn-name"
        registration={form.register('name', need)}
        error={errors.name}
      />
      {kind === 'lock' && (
        <Field
          label={t('reviews.earn.field.days')}
          inputMode="numeric"
          data-testid="earn-days"
          registration={form.register('days', need)}
          error={errors.days}
        />
      )}
      <Field
        label={t('reviews.earn.field.dailyRate')}
        inputMode="decimal"
        data-testid="earn-dailyRate"
        title={t('reviews.earn.hint.dailyRate')}
        registration={form.register('dailyRate', need)}
        error={errors.dailyRate}
      />
      <Field
        label={t('reviews.earn.field.minAmount')}
        inputMode="decimal"
        data-testid="earn-minAmount"
        registration={form.register('minAmount', need)}
        error={errors.minAmount}
      />
      <Field
        label={t('reviews.earn.field.total')}
        inputMode="decimal"
        data-testid="earn-total"
        registration={form.register('total')}
        error={errors.total}
      />
      <Field
        label={t('reviews.earn.field.opensAt')}
        type="datetime-local"
        data-testid="earn-opensAt"
        registration={form.register('opensAt', need)}
        error={errors.opensAt}
      />
      <Field
        label={t(kind === 'savings' ? 'reviews.earn.field.expiresAt' : 'reviews.earn.field.closesAt')}
        type="datetime-local"
        data-testid="earn-closesAt"
        registration={form.register('closesAt', kind === 'savings' ? need : {})}
        error={errors.closesAt}
      />
      {kind === 'lock' && (
        <label className="check">
          <input type="checkbox" {...form.register('earlyRedeem')} /> {t('reviews.earn.field.earlyRedeem')}
        </label>
      )}
    </>
  );
}

/** Creates a product, or edits one before it opens (the server refuses later edits too). */
export function ProductEditor({ product }: { product: EarnProduct | null }) {
  const show = useShow();
  const { t } = show;
  const navigate = useNavigate();
  const mayReview = useDuty('review');
  const form = useForm<ProductForm>({ defaultValues: product ? productToForm(product) : emptyProduct() });
  const submit = useFormCall(form, PRODUCT_FIELDS);
  const kind = useWatch({ control: form.control, name: 'kind' });
  // The clock when the form was opened: whether the product had opened by then.
  const [now] = useState(Date.now);
  const locked = product ? productLocked(product, now) : null;
  const save = form.handleSubmit(async (v) => {
    const input = productRequest(v);
    const saved = product
      ? await submit('lockming/products/edit', { ...input, id: product.id })
      : await submit('lockming/products/create', input);
    if (!saved) return;
    toast.success(t('reviews.earn.saved', { name: saved.name }));
    navigate('/earn');
  });
  return (
    <section className="page" data-testid="earn-editor">
      <header className="page__head">
        <Link to="/earn" className="btn btn--ghost">
          ← {t('reviews.nav.earn')}
        </Link>
        <h1 className="page__title">
          {product ? `#${product.id} · ${product.name}` : t('reviews.earn.create')}{' '}
          {product && <span className="badge">{t(`reviews.earn.state.${productState(product, now)}`)}</span>}
        </h1>
      </header>
      {locked && (
        <p className="note note--locked" data-testid="locked">
          {t(locked, { when: show.moment(product?.opensAt) })}
        </p>
      )}
      {!mayReview && <p className="note">{t('problem.forbidden')}</p>}
      <form className="card form" onSubmit={save} noValidate>
        <fieldset className="form__fields" disabled={!!locked || !mayReview}>
          <ProductFields form={form} kind={kind} t={t} />
        </fieldset>
        <p className="field__hint">{t('reviews.ieo.zone', { zone: utcOffsetLabel() })}</p>
        {!locked && mayReview && (
          <div className="decisions">
            <button
              type="submit"
              className="btn btn--primary"
              disabled={form.formState.isSubmitting}
              data-testid="earn-save"
            >
              {product ? t('action.save') : t('reviews.earn.create')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
