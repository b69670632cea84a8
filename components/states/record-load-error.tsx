"use client";

import { useRouter } from "next/navigation";
import { lazy, Suspense, useTransition } from "react";
import Link from "@/components/layout/link";
import type { ApiErrorInfo } from "@/lib/api/errors";

// The record pages import this for their failures: the panel loads only when one happens.
const ErrorPanel = lazy(() => import("./error-panel").then((m) => ({ default: m.ErrorPanel })));

/**
 * A record page whose record could not be read for a reason other than "not found"
 * (401, 5xx, network…): say why, retry by rendering the page again on the server, and
 * lead back to its list.
 */
export function RecordLoadError({
  error,
  heading,
  back,
}: {
  error: ApiErrorInfo;
  /** the page's heading, when nothing else on it gives one */
  heading?: string;
  back: { href: string; label: string };
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="max-w-2xl">
      {heading ? <h1 className="mb-4 text-2xl font-semibold tracking-tight">{heading}</h1> : null}
      <Suspense fallback={null}>
        <ErrorPanel error={error} onRetry={() => startTransition(() => router.refresh())} />
      </Suspense>
      {pending ? (
        <p role="status" className="mt-2 text-sm text-fg-muted">
          Retrying…
        </p>
      ) : null}
      <p className="mt-4 text-sm">
        <Link href={back.href} className="text-accent underline">
          {back.label}
        </Link>
      </p>
    </div>
  );
}
