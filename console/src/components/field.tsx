import { useId, type InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** Props of {@link Field}. */
export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** Its message is already translated (the form's rules and server errors are). */
  error?: FieldError | undefined;
}

/** A labelled input with its inline error, announced to screen readers (as src/forms/text-field). */
export function Field({ label, registration, error, ...input }: FieldProps) {
  const id = useId();
  const text = error?.message;
  return (
    <div className={`field${text ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={text ? true : undefined}
        aria-describedby={text ? `${id}-error` : undefined}
        {...input}
        {...registration}
      />
      {text && (
        <p className="field__error" id={`${id}-error`} role="alert" data-field={registration.name}>
          {text}
        </p>
      )}
    </div>
  );
}
