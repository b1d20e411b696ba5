/** Who wrote a support message. */
export type KefuSender = 'user' | 'operator';

/**
 * A support chat message as the server keeps it. Times in milliseconds since the epoch: stored
 * (the "sent" receipt), delivered to the other side's device, read there; null until then.
 */
export interface KefuMessage {
  id: number;
  /** The id the sending device chose, so a message resent after a reconnect is stored once. */
  clientId: string | null;
  sender: KefuSender;
  kind: 'text' | 'image';
  /** Empty for an image. */
  text: string;
  /** Id for `kefu/image`, for an image message. */
  imageId: string | null;
  createdAt: number;
  deliveredAt: number | null;
  readAt: number | null;
}

/** Sending a message: a text, or an image as base64 (no `data:` prefix). */
export interface KefuSendReq {
  /** Chosen by the device, 8 to 64 of `A-Za-z0-9_-`; the same id sends the message once. */
  clientId: string;
  text?: string;
  mime?: string;
  data?: string;
}

/** One page of the conversation, newest last, and how many operator messages are unread. */
export interface KefuHistory {
  messages: KefuMessage[];
  unread: number;
}

/** Events of the private `kefu` socket channel. */
export type KefuEvent =
  | { type: 'message'; message: KefuMessage }
  /** Messages of `sender` up to `upTo` were delivered or read at `at`. */
  | { type: 'receipt'; sender: KefuSender; upTo: number; state: 'delivered' | 'read'; at: number };

/** The private socket channel of the signed-in user's support chat. */
export const KEFU_CHANNEL = 'kefu';
/** Longest text message, in characters; largest image after compression, in bytes. */
export const KEFU_TEXT_MAX = 1_000;
export const KEFU_IMAGE_MAX_BYTES = 1024 * 1024;
/**
 * How a chat image is made small before it is sent (browser-image-compression's options), by the
 * app's support chat and the operator console alike: a phone screenshot stays readable at this size.
 */
export const KEFU_IMAGE_COMPRESSION = { maxSizeMB: 0.9, maxWidthOrHeight: 1600 } as const;
/** Image types sent as they are (others are turned into JPEG). */
export const KEFU_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
/** Shape of a client message id. */
export const KEFU_CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** Messages per history page. */
export const KEFU_PAGE_MAX = 100;
