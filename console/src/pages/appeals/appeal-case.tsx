import { useCallback } from 'react';
import type { OrderMessage } from '../../../../domain/legal';
import { useDuty } from '../../core/session';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { UploadImage } from '../../queue/images';
import type { Show } from '../../queue/spec';
import { useShow } from '../../queue/use-show';
import type { AppealItem, OpsOrder } from '../../../worker/routes';
import { evidenceBySide, type Side } from './evidence';

/** The order under appeal: parties, figures, its steps. */
function OrderCard({ order, show }: { order: OpsOrder; show: Show }) {
  const { t } = show;
  const lines: [string, React.ReactNode][] = [
    ['reviews.appeal.order', `#${order.id} · ${t(`reviews.order.status.${order.status}`)}`],
    ['reviews.appeal.buyer', `${order.buyer} (#${order.buyerId})`],
    ['reviews.appeal.seller', `${order.seller} (#${order.sellerId})`],
    ['reviews.appeal.amount', `${show.decimal(order.shown.amount)} ${order.currency}`],
    ['reviews.appeal.qty', `${show.decimal(order.shown.qty)} ${order.coin}`],
    ['reviews.appeal.price', `${show.decimal(order.shown.price)} ${order.currency}`],
    ['reviews.appeal.payRef', order.payRef ? <code className="wrap">{order.payRef}</code> : '—'],
    ['reviews.appeal.opened', order.appeal ? t(`reviews.appeal.by.${order.appeal.openedBy}`) : '—'],
    ['reviews.appeal.why', order.appeal?.reason ?? '—'],
  ];
  return (
    <section className="card" data-testid="appeal-order">
      <h2 className="card__title">{t('reviews.appeal.orderTitle')}</h2>
      <dl className="facts">
        {lines.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="card__sub">{t('reviews.appeal.timeline')}</h3>
      <ol className="history">
        {order.timeline.map((e) => (
          <li key={e.id}>
            <span className="history__when">{show.moment(e.createdAt)}</span>{' '}
            <strong>{t(`reviews.appeal.role.${e.role}`)}</strong> <code>{e.kind}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One side's images, each a link to its full size. */
function SideEvidence({
  side,
  items,
  show,
}: {
  side: Side;
  items: ReturnType<typeof evidenceBySide>[Side];
  show: Show;
}) {
  const { t } = show;
  return (
    <div className="evidence__side" data-testid={`evidence-${side}`}>
      <h3 className="card__sub">{t(`reviews.appeal.evidenceOf.${side}`)}</h3>
      {items.length === 0 ? (
        <p className="empty">{t('reviews.appeal.noEvidence')}</p>
      ) : (
        <div className="images">
          {items.map((e) => (
            <UploadImage
              key={e.id}
              id={e.id}
              label={
                e.from === 'appeal'
                  ? t('reviews.appeal.appealFile')
                  : `${t('reviews.appeal.chatImage')} · ${show.moment(e.at)}`
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** The order's chat, both parties, oldest first. */
function Chat({ messages, show }: { messages: OrderMessage[]; show: Show }) {
  const { t } = show;
  return (
    <section className="card" data-testid="appeal-chat">
      <h2 className="card__title">{t('reviews.appeal.chat')}</h2>
      {messages.length === 0 ? (
        <p className="empty">{t('reviews.appeal.noChat')}</p>
      ) : (
        <ol className="chat">
          {messages.map((m) => (
            <li key={m.id} className={`chat__line chat__line--${m.role}`} data-testid="chat-line">
              <span className="chat__who">
                {t(`reviews.appeal.role.${m.role}`)} · {show.moment(m.at)}
              </span>
              {m.text && <span className="chat__text">{m.text}</span>}
              {m.imageId && <span className="chat__image">{t('reviews.appeal.chatImage')}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Below an appeal's facts: its order, both sides' evidence and their chat (the chat and images for reviewers). */
export function AppealCase({ item, stamp }: { item: AppealItem; stamp: number }) {
  const show = useShow();
  const call = useCall();
  const mayReview = useDuty('review');
  const load = useCallback(async () => {
    void stamp;
    const [order, messages] = await Promise.all([
      call('legal/orders/get', { id: item.orderId }),
      mayReview ? call('legal/orders/messages', { id: item.orderId }) : Promise.resolve([]),
    ]);
    return { order, messages: messages ?? [] };
  }, [call, item.orderId, mayReview, stamp]);
  const { data } = useLoad(load);
  if (!data) return <p className="loading">…</p>;
  if (!data.order) return <p className="empty">{show.t('detail.notFound')}</p>;
  const sides = evidenceBySide(data.order.appeal, data.messages);
  return (
    <>
      <OrderCard order={data.order} show={show} />
      {mayReview && (
        <section className="card evidence" data-testid="appeal-evidence">
          <h2 className="card__title">{show.t('reviews.appeal.evidence')}</h2>
          <div className="evidence__sides">
            <SideEvidence side="buyer" items={sides.buyer} show={show} />
            <SideEvidence side="seller" items={sides.seller} show={show} />
          </div>
        </section>
      )}
      {mayReview && <Chat messages={data.messages} show={show} />}
    </>
  );
}
