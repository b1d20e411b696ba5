import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Empty } from '../../../domain/endpoint-def';
import type { LegalOrder } from '../../../domain/legal';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/legal.css';
import { RequireUser } from '../../components/require-user';
import { clockText, fiatText } from './legal-format';
import { OrderActions } from './order-actions';
import { OrderChat } from './order-chat';
import { orderWording } from './order-wording';
import { AppealCard, OrderFacts, PayeeCard, Timeline } from './order-parts';
import { Cached, ReadState } from './read-state';
import { useCountdownTo } from './use-countdown-to';
import { useLegalPush, useLegalRead } from './use-legal';

const NONE: Empty = {};

/** The order as last pushed or read, with the device's clock skew against the server's. */
interface Held {
  order: LegalOrder;
  skew: number;
}

function OrderBody({ id }: { id: string }) {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  const read = useLegalRead('legal/order', { id });
  const me = useLegalRead('legal/me', NONE);
  const [pushed, setPushed] = useState<Held | null>(null);
  const [version, setVersion] = useState(0);
  const take = useCallback((order: LegalOrder) => {
    setPushed({ order, skew: order.serverTime - Date.now() });
    setVersion((v) => v + 1);
  }, []);
  useLegalPush(
    useCallback(
      (o: LegalOrder) => {
        if (String(o.id) === id) take(o);
      },
      [id, take],
    ),
  );
  const fromRead: Held | null = read.data
    ? { order: read.data, skew: read.cachedAt === null ? 0 : read.data.serverTime - read.cachedAt }
    : null;
  // The newer of the read and the last push wins (a push can arrive before the read).
  const held =
    pushed && (!fromRead || pushed.order.updatedAt >= fromRead.order.updatedAt) ? pushed : fromRead;
  const order = held?.order ?? null;
  const pending = order?.status === 'pending';
  const left = useCountdownTo(
    pending ? order.payDeadline : null,
    held?.skew ?? 0,
    order ? order.payDeadline - order.createdAt : Infinity,
  );
  if (!order) return <ReadState read={read}>{null}</ReadState>;
  const buyer = order.role === 'buyer';
  const expired = pending && left === 0;
  // Each side of every state in its own words (issue 29).
  const words = orderWording(order.status, order.role);
  const hint = t(words.hint, { amount: fiatText(order.amount, lang), currency: order.currency });
  return (
    <>
      <Cached at={read.cachedAt} />
      <section
        className={`card legal-status legal-status--${order.status}`}
        data-testid="order-status"
        data-status={order.status}
      >
        <div className="legal-status__row">
          <strong className="legal-status__name" data-testid="order-state-name">
            {t(words.name)}
          </strong>
          {pending && (
            <span className="legal-countdown mono" data-testid="countdown" aria-label={t('order.payIn')}>
              <Icon name="hourglass" size={16} />
              {expired ? t('order.expired') : clockText(left)}
            </span>
          )}
        </div>
        <p className="card__text" data-testid="order-state-hint">
          {hint}
        </p>
        <p className="legal-status__role">
          {t(`order.role.${order.role}`)} · {t('order.id', { id: order.id })}
        </p>
      </section>
      <OrderFacts order={order} />
      {buyer && <PayeeCard order={order} />}
      {read.cachedAt === null && (
        <OrderActions
          order={order}
          cancelsLeft={me.data?.cancelsLeft ?? null}
          expired={expired}
          onChanged={take}
        />
      )}
      <AppealCard order={order} />
      <Timeline order={order} />
      <OrderChat order={order} version={version} />
      {order.asMerchant && (
        <Link className="entrust-link" to="/pages/legal/storeOrder">
          <Icon name="orders" size={18} />
          <span>{t('store.orders')}</span>
          <Icon name="chevron" size={18} />
        </Link>
      )}
    </>
  );
}

/** /pages/legal/orderDetail?id=…: one order, live on both sides, with its countdown and actions. */
export function OrderDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <Screen backTo="/pages/legal/order">
      <RequireUser>{() => <OrderBody key={id} id={id} />}</RequireUser>
    </Screen>
  );
}
