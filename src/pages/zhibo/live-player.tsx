import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/icons';
import { useTranslation } from '../../i18n/use-translation';

type PlayerState = 'idle' | 'loading' | 'playing' | 'failed';

/** Safari and iOS play HLS themselves; elsewhere hls.js feeds the video through Media Source. */
const nativeHls = (video: HTMLVideoElement) => video.canPlayType('application/vnd.apple.mpegurl') !== '';

/**
 * Plays an HLS stream. Nothing is fetched before `start` (a tap, or autoplay allowed by the page):
 * on a metered connection the page waits for the tap. hls.js is its own chunk, loaded only here.
 */
export function LivePlayer({ url, autoplay }: { url: string; autoplay: boolean }) {
  const { t } = useTranslation('content');
  const video = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(autoplay);
  const [state, setState] = useState<PlayerState>('idle');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const el = video.current;
    if (!started || !el) return;
    let destroyed = false;
    let destroy = () => {};
    const failed = () => !destroyed && setState('failed');
    const play = () => {
      // Muted when it starts by itself: browsers only allow silent autoplay.
      el.muted = autoplay && attempt === 0;
      el.play().then(
        () => !destroyed && setState('playing'),
        // Refused autoplay leaves the controls to the user; a source that failed is said so.
        () => !destroyed && setState(el.error ? 'failed' : 'idle'),
      );
    };
    void (async () => {
      setState('loading');
      if (nativeHls(el)) {
        el.src = url;
        el.addEventListener('error', failed, { once: true });
        destroy = () => {
          el.removeEventListener('error', failed);
          el.removeAttribute('src');
          el.load();
        };
        play();
        return;
      }
      const { default: Hls } = await import('hls.js');
      if (destroyed) return;
      if (!Hls.isSupported()) return failed();
      const hls = new Hls({ lowLatencyMode: true, backBufferLength: 30 });
      destroy = () => hls.destroy();
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (data.fatal) failed();
      });
      hls.on(Hls.Events.MANIFEST_PARSED, play);
      hls.loadSource(url);
      hls.attachMedia(el);
    })();
    return () => {
      destroyed = true;
      destroy();
    };
  }, [started, url, autoplay, attempt]);

  return (
    <div className="live-player" data-testid="live-player" data-state={state}>
      <video ref={video} className="live-player__video" controls={started} playsInline preload="none" />
      {!started && (
        <button
          type="button"
          className="live-player__start"
          onClick={() => setStarted(true)}
          data-testid="live-play"
        >
          <Icon name="live" size={32} />
          <span>{t('zhibo.tapToPlay')}</span>
        </button>
      )}
      {state === 'loading' && <p className="live-player__note">{t('zhibo.connecting')}</p>}
      {state === 'failed' && (
        <div className="live-player__failed" data-testid="live-failed">
          <p>{t('zhibo.failed')}</p>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => setAttempt((a) => a + 1)}
          >
            {t('zhibo.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
