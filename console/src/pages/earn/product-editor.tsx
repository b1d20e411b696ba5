import { useWatch, type UseFormReturn } from 'react-hook-form';
import { SelectField } from '../../forms/controls';
import { utcOffsetLabel } from '../../forms/datetime';
import { EditorFrame, useEditor } from '../../forms/editor';
import { Inputs, type InputSpec } from '../../forms/inputs';
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

/** The form's inputs; a lock-up has a period, a savings product an end. */
function productInputs(kind: ProductForm['kind'], t: Show['t']): InputSpec<ProductForm>[] {
  const need = { required: t('signIn.required') };
  const input = (
    name: keyof ProductForm,
    attrs: InputSpec<ProductForm>['input'],
    rules?: InputSpec<ProductForm>['rules'],
    label = `reviews.earn.field.${name}`,
  ): InputSpec<ProductForm> => ({
    name,
    label: t(label),
    rules,
    input: { ...attrs, 'data-testid': `earn-${name}` },
  });
  return [
    input('coin', { autoComplete: 'off' }, need),
    input('name', { autoComplete: 'off' }, need),
    ...(kind === 'lock' ? [input('days', { inputMode: 'numeric' }, need)] : []),
    input('dailyRate', { inputMode: 'decimal', title: t('reviews.earn.hint.dailyRate') }, need),
    input('minAmount', { inputMode: 'decimal' }, need),
    input('total', { inputMode: 'decimal' }),
    input('opensAt', { type: 'datetime-local' }, need),
    kind === 'savings'
      ? input('closesAt', { type: 'datetime-local' }, need, 'reviews.earn.field.expiresAt')
      : input('closesAt', { type: 'datetime-local' }, {}),
  ];
}

/** The form's fields; a lock-up may also allow early redemption. */
function ProductFields({
  form,
  kind,
  t,
}: {
  form: UseFormReturn<ProductForm>;
  kind: ProductForm['kind'];
  t: Show['t'];
}) {
  return (
    <>
      <SelectField
        label={t('reviews.earn.field.kind')}
        registration={form.register('kind')}
        error={form.formState.errors.kind}
      >
        <option value="lock">{t('reviews.earn.kind.lock')}</option>
        <option value="savings">{t('reviews.earn.kind.savings')}</option>
      </SelectField>
      <Inputs form={form} inputs={productInputs(kind, t)} />
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
  const { form, mayEdit, openedAt, save } = useEditor<ProductForm>({
    defaultValues: product ? productToForm(product) : emptyProduct(),
    fields: PRODUCT_FIELDS,
    done: '/earn',
    saved: 'reviews.earn.saved',
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const locked = product ? productLocked(product, openedAt) : null;
  const onSubmit = save((v, submit) => {
    const input = productRequest(v);
    return product
      ? submit('lockming/products/edit', { ...input, id: product.id })
      : submit('lockming/products/create', input);
  });
  return (
    <EditorFrame
      testId="earn-editor"
      back={{ to: '/earn', label: t('reviews.nav.earn') }}
      title={product ? `#${product.id} · ${product.name}` : t('reviews.earn.create')}
      badge={
        product && <span className="badge">{t(`reviews.earn.state.${productState(product, openedAt)}`)}</span>
      }
      locked={locked && t(locked, { when: show.moment(product?.opensAt) })}
      mayEdit={mayEdit}
      onSubmit={onSubmit}
      hint={t('reviews.ieo.zone', { zone: utcOffsetLabel() })}
      saveTestId="earn-save"
      saveLabel={product ? t('action.save') : t('reviews.earn.create')}
      busy={form.formState.isSubmitting}
    >
      <ProductFields form={form} kind={kind} t={t} />
    </EditorFrame>
  );
}
