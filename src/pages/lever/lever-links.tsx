import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { useTranslation } from '../../i18n/use-translation';

/** Under the pair bar: the market's chart, and a transfer into the lever account. */
export function LeverLinks({ symbol }: { symbol: string }) {
  const { t } = useTranslation(['lever', 'trade', 'errors', 'common']);
  return (
    <div className="lever-links">
      <Link
        className="entrust-link"
        to={`/pages/market/kline?symbol=${encodeURIComponent(symbol)}`}
        data-testid="lever-chart"
      >
        <Icon name="chart" size={18} />
        <span>{t('form.chart')}</span>
      </Link>
      <Link className="entrust-link" to="/pages/assets/transfer">
        <span>{t('form.transfer')}</span>
        <Icon name="chevron" size={16} />
      </Link>
    </div>
  );
}
