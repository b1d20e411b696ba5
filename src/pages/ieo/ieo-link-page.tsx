import { useMemo, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadState } from '../../components/load-state';
import { Screen } from '../../components/screen';
import { usePublicRead } from '../../core/use-dated-read';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/ieo.css';

/** The project's links (website, white paper, explorer) exactly as the operator entered them. */
function ProjectLinks({ id }: { id: string }) {
  const { t } = useTranslation('ieo');
  const req = useMemo(() => ({ id }), [id]);
  const read = usePublicRead('ieo/project', req);
  const p = read.data?.project ?? null;
  const links = p ? (['website', 'whitepaper', 'explorer'] as const).filter((k) => p.links[k] !== '') : [];
  return (
    <Screen title={t('links.title')} backTo={`/pages/ieo/detail?id=${id}`}>
      {!p ? (
        <LoadState failed={read.failed} onRetry={() => void read.reload()} testId="ieo-links" />
      ) : (
        <>
          <p className="ieo-links__project">
            <strong>{p.coin}</strong> · {p.name} · {p.number}
          </p>
          {links.length === 0 ? (
            <p className="muted center">{t('links.none')}</p>
          ) : (
            <ul className="list ieo-links" data-testid="ieo-link-list">
              {links.map((k) => (
                <li key={k}>
                  <a
                    className="list-row list-row--link"
                    href={p.links[k]}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    data-testid={`ieo-link-${k}`}
                  >
                    <span className="list-row__label">{t(`links.${k}`)}</span>
                    <span className="list-row__value list-row__value--wrap mono">{p.links[k]}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Screen>
  );
}

/**
 * /pages/ieo/link: with `?id=` a project's links; without, the page the route always had (the
 * coin-listing application, handed in by the route table, so this area does not import that one).
 */
export function ieoLinkRoute(Otherwise: ComponentType): ComponentType {
  return function IeoLinkPage() {
    const [params] = useSearchParams();
    const id = params.get('id');
    return id ? <ProjectLinks id={id} /> : <Otherwise />;
  };
}
