/**
 * Uploaded images, shared by the areas that take them (bank deposit proofs, identity photos, fiat
 * payment codes, evidence and chat): the files with their rows (UploadStore), checks on the rows
 * (UploadRecords), and the `uploads` table's statements (UPLOADS_DDL).
 */
export {
  isUploadId,
  openUploadDir,
  unclaimedSql,
  UPLOAD_CLAIMS,
  UploadRecords,
  UploadStore,
  type UploadDir,
  type UploadRow,
} from './upload-store';
export { UPLOADS_DDL } from './schema';
