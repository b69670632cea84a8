"use client";

import Link from "@/components/layout/link";

/**
 * Anything a page throws lands here: a plain sentence and a retry, never the error's
 * message or stack (the server keeps those, under the digest).
 */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const digest =
    error && typeof error === "object" && "digest" in error && typeof error.digest === "string"
      ? error.digest
      : null;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <title>Something went wrong · Invoicing</title>
      <div role="alert">
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="mt-3 text-fg-muted">
          This page could not be shown. Trying again often helps when the API was briefly
          unavailable.
        </p>
        {digest ? (
          <p className="mt-2 text-xs text-fg-subtle">
            Reference for the server logs: <code>{digest}</code>
          </p>
        ) : null}
      </div>
      <div className="mt-6 flex items-center gap-4 text-sm">
        <button
          type="button"
          onClick={() => retry()}
          className="rounded-md bg-accent px-3 py-1.5 text-accent-fg hover:opacity-90"
        >
          Try again
        </button>
        <Link href="/" className="text-accent underline">
          Home
        </Link>
      </div>
    </main>
  );
}
