import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { errorText } from './field-errors';

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  /** Inside the input box, at the end (send-code button, show-password toggle). */
  end?: ReactNode;
  /** Below the input (simulator hints). */
  below?: ReactNode;
}

/** A labelled input with its inline error; the error is announced to screen readers. */
export function TextField({ label, registration, error, end, below, ...input }: TextFieldProps) {
  // Rendered under useTranslation in every page, so the text follows a language switch.
  const id = useId();
  const text = errorText(error);
  return (
    <div className={`field${text ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          aria-invalid={text ? true : undefined}
          aria-describedby={text ? `${id}-error` : undefined}
          {...input}
          {...registration}
        />
        {end}
      </div>
      {text && (
        <p className="field__error" id={`${id}-error`} role="alert" data-field={registration.name}>
          {text}
        </p>
      )}
      {below}
    </div>
  );
}
