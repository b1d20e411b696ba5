// A form's call to a create/edit route: the server's refusal of one field is shown at that field
// (in the operator's language, as the server wrote it) and the form keeps every value typed; any
// other refusal is a toast.
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { getApi } from '../core/api';
import { toast } from '../core/toast';
import { problemText } from '../core/use-call';
import { useTranslation } from '../core/use-translation';
import type { CallResult } from '../../worker/api';
import type { RouteName, RouteReq, RouteRes } from '../../worker/routes';

/**
 * Where a refusal goes: the form field the server named (mapped through `fieldOf`, for a server
 * field the form calls otherwise), or null for a toast.
 */
export function fieldOfRefusal<F extends string>(
  r: Exclude<CallResult<unknown>, { ok: true }>,
  fields: readonly F[],
  fieldOf: (server: string) => string = (f) => f,
): F | null {
  if (r.problem !== 'message' || !r.field) return null;
  const mapped = fieldOf(r.field);
  return (fields as readonly string[]).includes(mapped) ? (mapped as F) : null;
}

/** What {@link useFormCall} gives: `submit(name, input)`. */
export type FormCall = <N extends RouteName>(name: N, input: RouteReq<N>) => Promise<RouteRes<N> | null>;

/** `submit(name, input)`: the data, or null after the refusal was shown at its field or toasted. */
export function useFormCall<F extends FieldValues>(
  form: UseFormReturn<F>,
  fields: readonly Path<F>[],
  fieldOf?: (server: string) => string,
): FormCall {
  const { t } = useTranslation();
  return useCallback(
    async <N extends RouteName>(name: N, input: RouteReq<N>): Promise<RouteRes<N> | null> => {
      const r = (await getApi().call(name, input)) as CallResult<RouteRes<N>>;
      if (r.ok) return r.data;
      const field = fieldOfRefusal(r, fields, fieldOf);
      if (field) {
        form.setError(field, { type: 'server', message: problemText(r, t) }, { shouldFocus: true });
      } else if (r.problem !== 'signIn') {
        toast.error(problemText(r, t));
      }
      return null;
    },
    [form, fields, fieldOf, t],
  );
}
