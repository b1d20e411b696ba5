import { OPS_ROLES } from '../../../../domain/ops-api';
import { useTranslation } from '../../core/use-translation';

/** The roles as a select's options, in `OPS_ROLES` order (the new operator's and a row's role). */
export function RoleOptions() {
  const { t } = useTranslation();
  return (
    <>
      {OPS_ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`role.${r}`)}
        </option>
      ))}
    </>
  );
}
