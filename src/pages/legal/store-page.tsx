import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Empty } from '../../../domain/endpoint-def';
import type { LegalMe } from '../../../domain/legal';
import { Icon } from '../../components/icons';
import { ListRow } from '../../components/list';
import { Screen } from '../../components/screen';
import { SubmitButton } from '../../forms/submit-button';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/legal.css';
import { RequireUser } from '../../components/require-user';
import { MerchantHeader } from './merchant-header';
import { MyAdRow } from './my-ad-row';
import { Cached, ReadState } from './read-state';
import { useLegalRead } from './use-legal';

const NONE: Empty = {};

/** Not a merchant yet: what is needed, the application's state, and the application form. */
function Apply({ me, onApplied }: { me: LegalMe; onApplied(): void }) {
  const { t } = useTranslation(['legal', 'common']);
  const call = useCall();
  const [nickname, setNickname] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const app = me.application;
  const submit = async () => {
    setBusy(true);
    setError(null);
    const out = await call('legal/merchantApply', { nickname }, { fields: ['nickname'] });
    setBusy(false);
    if (out.ok) onApplied();
    else if (out.intent === 'message' && out.field === 'nickname') setError(out.message ?? null);
  };
  return (
    <section className="card" data-testid="merchant-apply">
      <h2 className="card__title">{t('store.applyTitle')}</h2>
      <p className="card__text">{t('store.applyText')}</p>
      <div className="list">
        <ListRow
          icon="shield"
          label={t('store.kycLink')}
          value={me.kycVerified ? <Icon name="check" size={18} /> : undefined}
          to="/pages/mine/real_authentication"
        />
        <ListRow
          icon="card"
          label={t('store.methodsLink')}
          value={String(me.methods)}
          to="/pages/mine/collect_money"
        />
      </div>
      {app?.status === 'review' ? (
        <p className="note" data-testid="apply-review">
          <Icon name="hourglass" size={16} />
          {t('store.review')}
        </p>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {app?.status === 'rejected' && (
            <p className="note note--danger">{t('store.rejected', { reason: app.reason ?? '' })}</p>
          )}
          <div className={`field${error ? ' field--error' : ''}`}>
            <label className="field__label" htmlFor="shop-name">
              {t('store.nickname')}
            </label>
            <div className="field__control">
              <input
                id="shop-name"
                className="field__input"
                maxLength={32}
                value={nickname}
                onChange={(e) => setNickname(e.target.value)}
                data-testid="shop-name"
              />
            </div>
            {error && (
              <p className="field__error" role="alert">
                {error}
              </p>
            )}
          </div>
          <SubmitButton busy={busy}>{t('store.apply')}</SubmitButton>
        </form>
      )}
    </section>
  );
}

function StoreBody() {
  const { t } = useTranslation('legal');
  const me = useLegalRead('legal/me', NONE);
  const merchant = me.data?.merchant ?? null;
  const ads = useLegalRead('legal/myAds', { status: '' }, merchant !== null);
  if (!me.data) return <ReadState read={me}>{null}</ReadState>;
  if (!merchant) return <Apply me={me.data} onApplied={() => void me.reload()} />;
  const live = ads.data?.filter((a) => a.status !== 'withdrawn') ?? null;
  return (
    <>
      <Cached at={me.cachedAt} />
      <MerchantHeader merchant={merchant} />
      <Link className="btn btn--primary btn--block" to="/pages/legal/storeDetail" data-testid="publish-ad">
        {t('store.publish')}
      </Link>
      <div className="list">
        <ListRow icon="orders" label={t('store.orders')} to="/pages/legal/storeOrder" testId="store-orders" />
        <ListRow icon="clock" label={t('store.records')} to="/pages/legal/recordlist" />
        <ListRow icon="user" label={t('store.public')} to={`/pages/legal/storeUser?id=${merchant.userId}`} />
      </div>
      <h2 className="legal-section">{t('store.myAds')}</h2>
      <ReadState read={ads} empty={live?.length === 0 ? t('store.noAds') : null}>
        <div className="legal-list">
          {live?.map((ad) => (
            <MyAdRow key={ad.id} ad={ad} onChanged={() => void ads.reload()} />
          ))}
        </div>
      </ReadState>
    </>
  );
}

/** /pages/legal/store: my shop, or the application to open one. */
export function StorePage() {
  return (
    <Screen backTo="/pages/legal/legal">
      <RequireUser>{() => <StoreBody />}</RequireUser>
    </Screen>
  );
}

/** The merchant's ads, read only once someone is signed in (inside RequireUser). */
function RecordListBody() {
  const { t } = useTranslation('legal');
  const ads = useLegalRead('legal/myAds', { status: '' });
  return (
    <ReadState read={ads} empty={ads.data?.length === 0 ? t('records.empty') : null}>
      <div className="legal-list">
        {ads.data?.map((ad) => (
          <MyAdRow key={ad.id} ad={ad} onChanged={() => void ads.reload()} />
        ))}
      </div>
    </ReadState>
  );
}

/** /pages/legal/recordlist: every ad the merchant published, withdrawn ones included. */
export function RecordListPage() {
  // The reads live in the body: signed out, RequireUser says "sign in" and nothing is asked (issue 29).
  return (
    <Screen backTo="/pages/legal/store">
      <RequireUser>{() => <RecordListBody />}</RequireUser>
    </Screen>
  );
}
