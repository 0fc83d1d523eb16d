// One rule for every line the stack prints: the app's and the backend's loggers (pino's streamWrite hook) and
// the supervisor of `npm start` (scripts/services.mjs), which also prints the local stand-ins' output.

/** Query parameters that carry a credential: no log keeps them. */
const SECRET_PARAMS = /([?&](?:code|state|code_verifier|id_token|access_token|refresh_token|token)=)[^&\s"'\\]*/gi;

/**
 * The line with every OAuth code, state and token replaced by `[redacted]`.
 * @param {string} line
 * @returns {string}
 */
export function redactSecrets(line) {
  return line.replace(SECRET_PARAMS, "$1[redacted]");
}
