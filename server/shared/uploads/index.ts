/**
 * Uploaded images, shared by the areas that take them (bank deposit proofs, identity photos, fiat
 * payment codes, evidence and chat): the files with their rows (UploadStore), checks on the rows
 * (UploadRecords), which uploads the areas keep (UploadClaims, from each module's `uploadClaims`),
 * and the `uploads` table's statements (UPLOADS_DDL; `uploadsBaseline`, its part of the baseline).
 */
export { UploadClaims, type UploadClaim } from './upload-claims';
export {
  isUploadId,
  openUploadDir,
  UploadRecords,
  UploadStore,
  type UploadDir,
  type UploadRow,
} from './upload-store';
export { uploadsBaseline } from './baseline';
export { UPLOADS_DDL } from './schema';
