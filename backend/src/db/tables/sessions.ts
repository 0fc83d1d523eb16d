export interface SessionsTable {
  id: string;
  email: string;
  google_sub: string;
  name: string;
  picture: string | null;
  backend_id_token_hash: string;
  /** Absolute end of the session: no refresh after it. */
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
}

/**
 * The access tokens of a session. Refreshing replaces the latest one: the
 * replaced token still works for a few seconds (requests already under way)
 * and never refreshes again outside that window.
 */
export interface SessionTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: number;
  created_at: number;
  replaced_at: number | null;
}

export interface SessionTables {
  sessions: SessionsTable;
  session_tokens: SessionTokensTable;
}
