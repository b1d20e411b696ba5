import type { InputHTMLAttributes } from 'react';
import { get, type FieldValues, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { Field } from '../components/field';

/** One labelled input of a form: its field, its rules, and the input's own attributes. */
export interface InputSpec<F extends FieldValues> {
  name: Path<F>;
  label: string;
  rules?: RegisterOptions<F, Path<F>>;
  /** `type`, `inputMode`, `autoComplete`, `title` (a hint on hover), `data-testid`. */
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & { 'data-testid'?: string };
}

/** A form's plain inputs in their order, each with its error (the form's rule's or the server's). */
export function Inputs<F extends FieldValues>({
  form,
  inputs,
}: {
  form: UseFormReturn<F>;
  inputs: readonly InputSpec<F>[];
}) {
  return (
    <>
      {inputs.map(({ name, label, rules, input }) => (
        <Field
          key={name}
          label={label}
          {...input}
          registration={form.register(name, rules)}
          error={get(form.formState.errors, name)}
        />
      ))}
    </>
  );
}
