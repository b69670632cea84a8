import "server-only";
import { ApiRequestError } from "@/lib/api/errors";
import type { InsightEvent } from "./shared-walks";

/** What a viewer is told when the shared state fails; the cause goes to the log only. */
export const SHARED_STATE_UNAVAILABLE =
  "The dashboard's shared state could not be read just now. Try again.";

/**
 * What went wrong outside the walk itself (the shared store unreachable), as an
 * event. A raw cause may name the server's folders or addresses: logged, never sent;
 * an ApiRequestError's message is written to be shown (the result store's failure).
 */
export function storeFailure(error: unknown): Extract<InsightEvent, { type: "error" }> {
  if (!(error instanceof ApiRequestError))
    console.error(`[insights] ${SHARED_STATE_UNAVAILABLE} ${(error as Error)?.message ?? error}`);
  return {
    type: "error",
    message: error instanceof ApiRequestError ? error.message : SHARED_STATE_UNAVAILABLE,
    kind: "server",
    status: null,
    pagesRead: 0,
    rowsRead: 0,
  };
}

/**
 * A walk's events as NDJSON, one a line, each written as `follow` sends it. The reader
 * going away (Cancel, another filter, a closed tab) aborts `signal` and calls
 * `onCancel`; nothing is sent after that. The stream ends when `follow` returns.
 */
export function ndjsonStream<E>(
  follow: (send: (event: E) => void, signal: AbortSignal) => Promise<void>,
  onCancel?: () => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const abort = new AbortController();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: E) => {
        if (abort.signal.aborted) return;
        controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      };
      void follow(send, abort.signal).then(
        () => {
          if (!abort.signal.aborted) controller.close();
        },
        (error) => controller.error(error),
      );
    },
    cancel() {
      abort.abort();
      onCancel?.();
    },
  });
}
