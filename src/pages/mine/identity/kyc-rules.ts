import {
  idNumberProblem,
  kycNameProblem,
  normalizeIdNumber,
  normalizeKycName,
  type KycDocType,
} from '../../../../domain/identity-rules';
import type { Problems } from '../../../forms/rules-resolver';

/** The verification form's values; photo fields hold upload ids ('' until uploaded). */
export interface KycValues {
  name: string;
  docType: KycDocType;
  idNumber: string;
  frontId: string;
  backId: string;
  handId: string;
}

/** The photo fields, in the order the form shows them. */
export const PHOTO_FIELDS = ['frontId', 'backId', 'handId'] as const;
/** One of PHOTO_FIELDS. */
export type PhotoField = (typeof PHOTO_FIELDS)[number];

/** The form's problems: the same rules the server applies (domain/identity-rules.ts). */
export function kycProblems(v: KycValues): Problems<KycValues> {
  const out: Problems<KycValues> = {};
  const name = kycNameProblem(normalizeKycName(v.name));
  if (name) out.name = name;
  const id = idNumberProblem(v.docType, normalizeIdNumber(v.idNumber));
  if (id) out.idNumber = id;
  for (const f of PHOTO_FIELDS) if (!v[f]) out[f] = 'kycPhotoRequired';
  return out;
}
