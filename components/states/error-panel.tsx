"use client";

import Link from "@/components/layout/link";
import { SignInAgain } from "@/components/states/sign-in-again";
import type { ApiErrorInfo } from "@/lib/api/errors";

const TITLES: Record<ApiErrorInfo["kind"], string> = {
  "bad-request": "The API refused this request",
  unauthorized: "The API key was not accepted",
  "not-found": "Not found",
  "rate-limited": "Too many requests",
  server: "The API failed",
  network: "The API could not be reached",
  "invalid-response": "The API answered with data the dashboard does not understand",
  "signed-out": "You are signed out",
  "sign-in-unavailable": "Sign-in cannot be checked right now",
};

/** Kinds about the dashboard's own sign-in: their HTTP status tells a person nothing. */
const SIGN_IN_KINDS: ReadonlySet<ApiErrorInfo["kind"]> = new Set([
  "signed-out",
  "sign-in-unavailable",
]);

/**
 * Says what went wrong and how to fix it. `compact` is the inline form shown under
 * rows already loaded (they stay on screen).
 */
export function ErrorPanel({
  error,
  onRetry,
  clearHref,
  compact = false,
}: {
  error: ApiErrorInfo;
  onRetry?: () => void;
  clearHref?: string;
  compact?: boolean;
}) {
  const retryable =
    error.kind === "server" ||
    error.kind === "network" ||
    error.kind === "invalid-response" ||
    error.kind === "rate-limited" ||
    error.kind === "sign-in-unavailable";
  return (
    <div
      role="alert"
      className={`rounded-md border border-danger-line bg-danger-soft text-sm text-danger ${compact ? "p-3" : "p-5"}`}
    >
      <p className="font-medium">
        {TITLES[error.kind]}
        {error.status && error.kind !== "network" && !SIGN_IN_KINDS.has(error.kind)
          ? ` (HTTP ${error.status})`
          : ""}
      </p>
      {/* The sign-in kinds are worded here: the route's message repeats the title. */}
      {SIGN_IN_KINDS.has(error.kind) ? null : <p className="mt-1">{error.message}</p>}
      {error.issues.length > 0 ? (
        <ul className="mt-2 list-disc pl-5">
          {error.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      ) : null}
      {error.kind === "unauthorized" ? (
        <p className="mt-2">
          The key in the server&apos;s <code>INVOICING_API_KEY</code> is missing, revoked, or lacks
          the claim this list needs. Set a valid key on the server and restart;{" "}
          <Link className="underline" href="/key">
            the API key page
          </Link>{" "}
          shows what the current key may read.
        </p>
      ) : null}
      {error.kind === "sign-in-unavailable" ? (
        <p className="mt-1">
          The dashboard&apos;s sign-in storage is not answering. You are not signed out; retry in a
          moment.
        </p>
      ) : null}
      {error.kind === "signed-out" ? (
        <p className="mt-1">
          Your session ended: signed out in another tab or browser, ended by an administrator, or
          expired. <SignInAgain /> to come back to this page, with its filters.
        </p>
      ) : null}
      {error.kind === "rate-limited" ? (
        <p className="mt-2">
          Too many pages were asked for in a short time, and the dashboard already tried again a few
          times. Wait a moment, then retry.
        </p>
      ) : null}
      {error.kind === "bad-request" && clearHref ? (
        <p className="mt-2">
          Change the filters named above, or{" "}
          <Link className="underline" href={clearHref}>
            clear all filters
          </Link>
          .
        </p>
      ) : null}
      {compact && (retryable || error.kind === "signed-out") ? (
        <p className="mt-1">The rows above stay as they were loaded.</p>
      ) : null}
      {onRetry && retryable ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 rounded-md bg-danger px-3 py-1.5 text-danger-soft hover:opacity-90"
        >
          Retry
        </button>
      ) : null}
    </div>
  );
}
