import { useId } from 'react';
import type { ReactNode } from 'react';

/** Props of {@link SelectField}. */
export interface SelectFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
  /** A problem with the choice, already translated. */
  error?: string | undefined;
  testId?: string;
}

/** A labelled native select: the phone's own picker is the most usable one there is. */
export function SelectField({ label, value, onChange, children, error, testId }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`select-field${error ? ' field--error' : ''}`}>
      <label className="select-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select-field__control"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
      >
        {children}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
