import { useTranslation } from '../../i18n/use-translation';
import { usePrefs } from '../../core/contexts';
import { CopyButton } from '../../components/copy-button';
import { Icon } from '../../components/icons';
import { ListGroup, ListRow } from '../../components/list';
import { Screen } from '../../components/screen';
import { formatCount, formatDateTime } from '../../i18n/format';
import { RequireUser } from '../../components/require-user';

/** /pages/mine/userCenter: the account, read-only (spec §5: it cannot be changed). */
export function UserCenterPage() {
  const { t } = useTranslation(['mine', 'common']);
  const { lang } = usePrefs();
  return (
    <Screen backTo="/pages/mine/index">
      <RequireUser>
        {(user) => (
          <>
            <ListGroup>
              <ListRow
                icon="lock"
                label={t('fields.account')}
                wrap
                value={<span data-testid="account-value">{user.account}</span>}
              />
              <ListRow label={t('userCenter.kind')} value={t(`tabs.${user.accountKind}`)} />
              <ListRow label={t('index.uid')} value={String(user.id)} />
              <ListRow label={t('index.level')} value={t(`common:level.${user.level}`)} />
              <ListRow
                label={t('index.promo')}
                value={<span className="mono">{user.promoCode}</span>}
                end={<CopyButton text={user.promoCode} />}
              />
              <ListRow label={t('index.credit')} value={formatCount(user.creditScore, lang)} />
              <ListRow label={t('index.kyc')} value={t(`common:kyc.${user.kyc}`)} />
              <ListRow
                label={t('userCenter.tradePassword')}
                value={user.hasTradePassword ? t('userCenter.set') : t('userCenter.notSet')}
              />
              <ListRow label={t('userCenter.registered')} value={formatDateTime(user.createdAt, lang)} />
            </ListGroup>
            <p className="note">
              <Icon name="info" size={16} />
              {t('userCenter.note')}
            </p>
          </>
        )}
      </RequireUser>
    </Screen>
  );
}
