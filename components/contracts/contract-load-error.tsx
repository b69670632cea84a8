"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { ApiErrorInfo } from "@/lib/api/errors";
import { ErrorPanel } from "../states/error-panel";

/** The contract could not be read for a reason other than "not found": say why, offer a retry. */
export function ContractLoadError({ error }: { error: ApiErrorInfo }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Contract</h1>
      <ErrorPanel error={error} onRetry={() => startTransition(() => router.refresh())} />
      {pending ? (
        <p role="status" className="mt-2 text-sm text-fg-muted">
          Retrying…
        </p>
      ) : null}
      <p className="mt-4 text-sm">
        <Link href="/contracts" className="text-accent underline">
          Back to contracts
        </Link>
      </p>
    </div>
  );
}
