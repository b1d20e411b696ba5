import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/content.css';
import { formatCoords, openLocationPath, parseCoords, type Coords } from './coords';

type Locating =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'error'; reason: 'denied' | 'unavailable' | 'timeout' | 'unsupported' };

/** How long the device may take to find itself, in milliseconds. */
const LOCATE_TIMEOUT_MS = 15_000;

/**
 * /choose-location: pick a point with the device's position (permission asked only on the tap) or
 * by typed coordinates, then show it on /open-location. No map tiles are fetched.
 */
export function ChooseLocationPage() {
  const { t } = useTranslation(['content', 'common']);
  const navigate = useNavigate();
  const [locating, setLocating] = useState<Locating>({ state: 'idle' });
  const [picked, setPicked] = useState<Coords | null>(null);
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [name, setName] = useState('');
  const [typedError, setTypedError] = useState(false);

  const locate = () => {
    if (!('geolocation' in navigator) || !window.isSecureContext) {
      setLocating({ state: 'error', reason: 'unsupported' });
      return;
    }
    setLocating({ state: 'busy' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const c = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        setPicked(c);
        setLat(c.lat.toFixed(6));
        setLng(c.lng.toFixed(6));
        setLocating({ state: 'idle' });
      },
      (err) =>
        setLocating({
          state: 'error',
          reason:
            err.code === err.PERMISSION_DENIED
              ? 'denied'
              : err.code === err.TIMEOUT
                ? 'timeout'
                : 'unavailable',
        }),
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = parseCoords(lat, lng);
    setTypedError(c === null);
    if (c) navigate(openLocationPath(c, name), { replace: true });
  };

  return (
    <Screen>
      <section className="card location" data-testid="choose-location">
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={locate}
          disabled={locating.state === 'busy'}
          data-testid="locate"
        >
          {locating.state === 'busy' ? <Spinner size={18} /> : <Icon name="globe" size={18} />}
          {t('location.useMine')}
        </button>
        <p className="muted">{t('location.permissionNote')}</p>
        {locating.state === 'error' && (
          <p
            className="location__error"
            role="alert"
            data-testid="locate-error"
            data-reason={locating.reason}
          >
            {t(`location.error.${locating.reason}`)}
          </p>
        )}
        {picked && (
          <p className="location__picked" data-testid="located">
            {formatCoords(picked)}
          </p>
        )}
      </section>
      <form className="card location" onSubmit={submit} noValidate>
        <h2 className="card__title">{t('location.typed')}</h2>
        <label className="location__row">
          <span>{t('location.lat')}</span>
          <input
            className="c-input"
            inputMode="decimal"
            value={lat}
            onChange={(e) => setLat(e.target.value)}
            placeholder="-6.200000"
            aria-invalid={typedError || undefined}
            data-testid="lat"
          />
        </label>
        <label className="location__row">
          <span>{t('location.lng')}</span>
          <input
            className="c-input"
            inputMode="decimal"
            value={lng}
            onChange={(e) => setLng(e.target.value)}
            placeholder="106.816666"
            aria-invalid={typedError || undefined}
            data-testid="lng"
          />
        </label>
        <label className="location__row">
          <span>{t('location.name')}</span>
          <input className="c-input" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </label>
        {typedError && (
          <p className="location__error" role="alert" data-testid="coords-error">
            {t('location.invalid')}
          </p>
        )}
        <button type="submit" className="btn btn--secondary btn--block" data-testid="choose">
          {t('location.choose')}
        </button>
      </form>
    </Screen>
  );
}
