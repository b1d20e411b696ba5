/** The part of the Network Information API read here (Chromium; absent in Safari and Firefox). */
export interface ConnectionInfo {
  saveData?: boolean;
  type?: string;
  effectiveType?: string;
  /** Older drafts of the API. */
  metered?: boolean;
}

/**
 * Whether the connection costs the user by the byte or they asked to save data: data saver on, a
 * cellular link, a link reported as metered, or one too slow for video. Unknown counts as not
 * metered (the user still has to press play when the browser refuses autoplay).
 */
export function meteredConnection(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false;
  if (connection.saveData === true || connection.metered === true) return true;
  if (connection.type === 'cellular') return true;
  return connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g';
}

/** The browser's connection information, if it has any. */
export function browserConnection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}
