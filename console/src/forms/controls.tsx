import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface Shared {
  label: string;
  registration: UseFormRegisterReturn;
  /** Already translated (the form's rules and the server's refusals are). */
  error?: FieldError | undefined;
  /** A line under the field (a unit, a time zone). */
  hint?: string;
}

/** The label, the control, its hint and its error, announced to screen readers (as components/field). */
function Frame({
  id,
  label,
  error,
  hint,
  name,
  children,
}: {
  id: string;
  label: string;
  error?: FieldError | undefined;
  hint?: string | undefined;
  name: string;
  children: ReactNode;
}) {
  const text = error?.message;
  return (
    <div className={`field${text ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !text && <p className="field__hint">{hint}</p>}
      {text && (
        <p className="field__error" id={`${id}-error`} role="alert" data-field={name}>
          {text}
        </p>
      )}
    </div>
  );
}

const aria = (id: string, error?: FieldError) =>
  error?.message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

/** A labelled select. */
export function SelectField({
  label,
  registration,
  error,
  hint,
  children,
  ...rest
}: Shared & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} name={registration.name}>
      <select id={id} className="field__input" {...aria(id, error)} {...rest} {...registration}>
        {children}
      </select>
    </Frame>
  );
}

/** A labelled multi-line text. */
export function TextAreaField({
  label,
  registration,
  error,
  hint,
  ...rest
}: Shared & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} name={registration.name}>
      <textarea
        id={id}
        className="field__input field__input--area"
        rows={4}
        {...aria(id, error)}
        {...rest}
        {...registration}
      />
    </Frame>
  );
}
