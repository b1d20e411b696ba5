/** The live stream the operator set, or what comes next. Times in ms since the epoch. */
export interface LiveStream {
  /** True while the stream is on air: now is within the schedule and a URL is set. */
  live: boolean;
  title: string;
  /** HLS playlist (`.m3u8`) URL; null when no stream is set. */
  url: string | null;
  /** When the scheduled stream starts and ends; null when not scheduled. */
  startsAt: number | null;
  endsAt: number | null;
  updatedAt: number | null;
}

/** Longest stream title, in characters. */
export const LIVE_TITLE_MAX = 120;
