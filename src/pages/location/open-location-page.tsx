import { Link, useSearchParams } from 'react-router-dom';
import { CopyButton } from '../../components/copy-button';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/content.css';
import { degrees, formatCoords, geoUri, parseCoords } from './coords';

/** /open-location?lat=…&lng=…&name=…: a location as coordinates, with a link to the maps app. */
export function OpenLocationPage() {
  const { t } = useTranslation(['content', 'common']);
  const [params] = useSearchParams();
  const c = parseCoords(params.get('lat'), params.get('lng'));
  const name = (params.get('name') ?? '').slice(0, 80);
  return (
    <Screen>
      {c ? (
        <section className="card location" data-testid="open-location">
          {name && <h2 className="card__title">{name}</h2>}
          <p className="location__picked" data-testid="coords">
            {formatCoords(c)}
          </p>
          <p className="muted location__copy">
            {degrees(c.lat)}, {degrees(c.lng)} <CopyButton text={`${degrees(c.lat)},${degrees(c.lng)}`} />
          </p>
          <a className="btn btn--primary btn--block" href={geoUri(c, name)} data-testid="geo-link">
            <Icon name="globe" size={18} />
            {t('location.openMaps')}
          </a>
          <p className="muted">{t('location.noTiles')}</p>
        </section>
      ) : (
        <div className="state" data-testid="open-location-invalid">
          <p className="state__text">{t('location.invalid')}</p>
          <Link className="btn btn--secondary" to="/choose-location" replace>
            {t('location.chooseOther')}
          </Link>
        </div>
      )}
    </Screen>
  );
}
