"use client";

import { useSyncExternalStore } from "react";
import { SignInAgain } from "@/components/states/sign-in-again";
import { signOut } from "@/lib/auth/actions";
import { sessionEnded, subscribeSessionEnded } from "@/lib/auth/session-ended";

/**
 * Who is signed in and the way out; once a request of this page finds the session
 * ended (lib/auth/session-ended.ts), "Signed out" and the way back in instead, so the
 * bar does not go on naming an account the panels below say is signed out.
 */
export function SessionStatus({ email }: { email: string }) {
  const ended = useSyncExternalStore(subscribeSessionEnded, sessionEnded, () => false);
  if (ended)
    return (
      <span className="min-w-0 truncate text-fg-muted">
        <span className="font-medium text-fg">Signed out</span> · <SignInAgain />
      </span>
    );
  return (
    <>
      <span className="min-w-0 truncate text-fg-muted">
        Signed in as <span className="font-medium text-fg">{email}</span>
      </span>
      <form action={signOut} className="shrink-0">
        <button
          type="submit"
          className="rounded border border-line-strong px-2 py-0.5 font-medium text-fg-muted hover:bg-surface-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-accent"
        >
          Sign out
        </button>
      </form>
    </>
  );
}
