import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from './icons';
import type { IconName } from './icons';

/** A titled card of rows. */
export function ListGroup({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="list-group">
      {title && <h2 className="list-group__title">{title}</h2>}
      <div className="list">{children}</div>
    </section>
  );
}

/** Props of {@link ListRow}. */
export interface ListRowProps {
  icon?: IconName;
  label: string;
  /** Right-hand value (state, current choice). */
  value?: ReactNode;
  /** A route: the row is a link with a chevron. */
  to?: string;
  onClick?: () => void;
  /** A control at the end instead of a chevron (a switch). */
  end?: ReactNode;
  /** Let a long value (an e-mail address) wrap instead of being cut off. */
  wrap?: boolean;
  testId?: string;
}

/** One 52 px row: icon, label, value and a chevron or control. */
export function ListRow({ icon, label, value, to, onClick, end, wrap, testId }: ListRowProps) {
  const inner = (
    <>
      {icon && (
        <span className="list-row__icon">
          <Icon name={icon} size={20} />
        </span>
      )}
      <span className="list-row__label">{label}</span>
      {value !== undefined && (
        <span className={`list-row__value${wrap ? ' list-row__value--wrap' : ''}`}>{value}</span>
      )}
      {end ?? ((to || onClick) && <Icon name="chevron" size={18} className="list-row__chevron" />)}
    </>
  );
  if (to) {
    return (
      <Link className="list-row list-row--link" to={to} data-testid={testId}>
        {inner}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" className="list-row list-row--link" onClick={onClick} data-testid={testId}>
        {inner}
      </button>
    );
  }
  return (
    <div className="list-row" data-testid={testId}>
      {inner}
    </div>
  );
}
