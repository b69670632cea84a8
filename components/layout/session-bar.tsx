import type { Viewer } from "@/lib/auth/guard";
import { SessionStatus } from "./session-status";
import { ThemeToggle } from "./theme-toggle";

/**
 * The top bar's content: who is signed in and the way out, or, when the dashboard
 * runs open on the demo API, a note saying so; then the theme. It sits in the page's
 * banner landmark, so screen readers reach it as part of the page's frame.
 */
export function SessionBar({ viewer }: { viewer: Viewer }) {
  return (
    <>
      {viewer.kind === "open" ? (
        // Below 1024 px a strip of its own under the bar's row; beside it from there on.
        <p
          role="note"
          className="order-last basis-full rounded border border-warning-line bg-warning-soft px-2 py-1 text-xs text-warning lg:order-none lg:basis-auto"
        >
          Demo data — open, no sign-in.
          <span className="max-sm:hidden"> Anyone who can reach this dashboard can read it.</span>
        </p>
      ) : null}
      <div className="ml-auto flex min-w-0 items-center gap-3 text-xs">
        {viewer.kind === "user" ? <SessionStatus email={viewer.email} /> : null}
        <ThemeToggle />
      </div>
    </>
  );
}
