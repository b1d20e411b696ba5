import { useCallback, useState } from 'react';
import type { PaymentKind, PaymentMethod } from '../../../domain/legal';
import { checkPaymentMethod } from '../../../domain/legal-rules';
import { toast } from '../../components/toast';
import { useCall } from '../../core/use-call';
import { useProofUpload } from '../../core/use-proof-upload';
import { errorMessage } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';

/** A typed field of a payment method. */
export type MethodField = 'realName' | 'bank' | 'cardNumber' | 'account' | 'nickname';

/** The fields each kind asks for; the code images take an image and an optional address. */
const FIELDS: Record<PaymentKind, MethodField[]> = {
  bank: ['realName', 'bank', 'cardNumber'],
  alipay: ['realName', 'account'],
  wechat: ['realName', 'nickname', 'account'],
  trc20: ['account'],
  erc20: ['account'],
};

/** The method form's state and its steps, from {@link useMethodForm}. */
export interface MethodFormState {
  kind: PaymentKind;
  setKind(kind: PaymentKind): void;
  /** The fields the kind asks for, in their order on the form. */
  fields: MethodField[];
  values: Record<MethodField, string>;
  edit(field: MethodField, value: string): void;
  /** The upload id of the code image, or '' without one. */
  qrId: string;
  /** Problems by field, already translated. */
  errors: Partial<Record<MethodField | 'qrId', string>>;
  /** Compresses and uploads the code image; its id replaces `qrId` once uploaded. */
  upload: ReturnType<typeof useProofUpload>;
  busy: boolean;
  /** Checks the method by the server's rule (`checkPaymentMethod`), then saves it. */
  submit(): Promise<void>;
}

/** State, checks and saving (`legal/methodSave`) of a payment method being added or edited. */
export function useMethodForm(editing: PaymentMethod | null, onDone: () => void): MethodFormState {
  const { t } = useTranslation(['legal', 'common']);
  const call = useCall();
  const [kind, setKind] = useState<PaymentKind>(editing?.kind ?? 'bank');
  const [values, setValues] = useState<Record<MethodField, string>>({
    realName: editing?.realName ?? '',
    bank: editing?.bank ?? '',
    cardNumber: editing?.cardNumber ?? '',
    account: editing?.account ?? '',
    nickname: editing?.nickname ?? '',
  });
  const [qrId, setQrId] = useState(editing?.qrId ?? '');
  const [errors, setErrors] = useState<Partial<Record<MethodField | 'qrId', string>>>({});
  const [busy, setBusy] = useState(false);
  const onUploaded = useCallback((id: string) => {
    if (id) setQrId(id);
  }, []);
  const upload = useProofUpload(onUploaded);
  const fields = FIELDS[kind];

  const submit = async () => {
    const req = { kind, ...values, qrId };
    const checked = checkPaymentMethod(req);
    if ('key' in checked) {
      setErrors({ [checked.field]: errorMessage(checked.key) });
      return;
    }
    setErrors({});
    setBusy(true);
    const out = await call(
      'legal/methodSave',
      { ...(editing && { id: editing.id }), ...req },
      { fields: [...fields, 'qrId'] },
    );
    setBusy(false);
    if (out.ok) {
      toast.success(t('methods.saved'));
      onDone();
    } else if (out.intent === 'message' && out.field) setErrors({ [out.field]: out.message ?? '' });
  };

  return {
    kind,
    setKind,
    fields,
    values,
    edit: (f, v) => setValues((p) => ({ ...p, [f]: v })),
    qrId,
    errors,
    upload,
    busy,
    submit,
  };
}
