/** What the desktop shows of its Torpedo Server (contract/server.ts). */

/** The last time this computer read the server's events, and how it went. */
export interface ServerSyncView {
  /** ISO time of the last read that reached the server; null: never. */
  at: string | null;
  /** Why the last read failed, in the owner's words (already translated by code): null when it worked. */
  error: ServerSyncError | null;
}

/**
 * `unreachable`: no answer (offline, wrong address, server down);
 * `unauthorized`: the server no longer knows this computer (paired again
 * elsewhere, or its database was replaced): connect again with a new code.
 */
export type ServerSyncError = 'unreachable' | 'unauthorized' | 'bad_answer';

export interface ServerStatusView {
  connected: boolean;
  /** The server's address as the owner typed it (normalised: no trailing slash). */
  url: string | null;
  /** The name this computer has on the server. */
  deviceName: string | null;
  /** The address the account's webhook points to while connected. */
  hookUrl: string | null;
  /** The webhook address the account had before connecting, put back on disconnect (null: none). */
  previousWebhookUrl: string | null;
  /** Whether the account's webhook still points to the server (someone may have changed it since). */
  webhookPointsHere: boolean | null;
  sync: ServerSyncView;
  /** When connected: unread conversations in Respostas. */
  unread: number;
}

/** `server:sync`: what this read brought in. */
export interface ServerSyncResult {
  /** Replies received (new conversations' messages). */
  received: number;
  /** Numbers that opted out by replying SAIR (or PARE, …) in this read. */
  optedOut: number;
  /** Delivery reports and clicks applied to campaigns' reports. */
  statuses: number;
  clicks: number;
}

export interface PairingCodeView {
  code: string;
  expiresAt: string;
}
