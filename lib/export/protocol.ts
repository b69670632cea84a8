/**
 * What the export route and the browser agree on, without any server code: the
 * line a failed export ends with before the response is aborted.
 * `EXPORT INCOMPLETE: failed after 200 rows: <reason>`
 */
export const FAILURE_MARKER = "EXPORT INCOMPLETE";
