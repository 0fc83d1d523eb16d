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

/** One session holds several live access tokens: refreshing never cuts the previous one short. */
export interface SessionTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: number;
  created_at: number;
}

export interface SessionTables {
  sessions: SessionsTable;
  session_tokens: SessionTokensTable;
}
