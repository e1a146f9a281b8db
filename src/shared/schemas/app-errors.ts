import * as v from 'valibot';

/**
 * POST /api/app-errors: what the app tells the server about a failure of its own (a screen that could
 * not render, an error nobody caught), for the server's log and, when one is configured, its error
 * tracker. The limits fit what a browser gives and keep a hostile caller from filling either: the
 * server refuses longer text, and the app cuts its report to fit before sending (lib/error-report.ts).
 */
export const AppErrorReportSchema = v.strictObject({
  /** 'render': the error screen was shown; 'uncaught': an error or rejection nothing handled. */
  kind: v.picklist(['render', 'uncaught']),
  /** The error's name (TypeError, ChunkLoadError…). */
  name: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  message: v.pipe(v.string(), v.maxLength(2000)),
  /** The browser's stack: its frames name the built files, whose hashes tell an old cached app apart. */
  stack: v.optional(v.pipe(v.string(), v.maxLength(16_000))),
  /**
   * The app's path when it failed: a path only, so no query (a recovery link's token) or fragment
   * reaches a log or a tracker.
   */
  path: v.pipe(v.string(), v.startsWith('/'), v.maxLength(1000), v.regex(/^[^?#]*$/, 'A path without ? or #')),
});
export type AppErrorReport = v.InferOutput<typeof AppErrorReportSchema>;
