"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { ApiErrorInfo } from "@/lib/api/errors";
import { ErrorPanel } from "../states/error-panel";

/** The invoice could not be read (401, 5xx, network…): say why, retry by re-rendering on the server. */
export function InvoiceLoadError({ error }: { error: ApiErrorInfo }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="max-w-2xl">
      <ErrorPanel error={error} onRetry={() => startTransition(() => router.refresh())} />
      {pending ? (
        <p role="status" className="mt-2 text-sm text-fg-muted">
          Retrying…
        </p>
      ) : null}
      <p className="mt-4 text-sm">
        <Link href="/invoices" className="text-accent underline">
          Back to invoices
        </Link>
      </p>
    </div>
  );
}
