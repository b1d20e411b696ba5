import { changeDirection, formatChange } from './format-market';
import { useLocale } from './use-locale';

/** The 24 h change as a green (up) or red (down) pill; `--` while unknown. */
export function ChangePill({ changePct, solid }: { changePct: string | undefined; solid?: boolean }) {
  const locale = useLocale();
  const dir = changePct === undefined ? 'flat' : changeDirection(changePct);
  return (
    <span className={`change change--${dir}${solid ? ' change--solid' : ''}`} data-dir={dir}>
      {changePct === undefined ? '--' : formatChange(changePct, locale)}
    </span>
  );
}
