/** Session lifetime (7 days) and how often an active session's expiry is pushed back (daily). */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
