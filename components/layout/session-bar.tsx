import { signOut } from "@/lib/auth/actions";
import type { Viewer } from "@/lib/auth/guard";

/**
 * Who is signed in, and the way out; or, when the dashboard runs open on the demo
 * API, a note saying so.
 */
export function SessionBar({ viewer }: { viewer: Viewer }) {
  if (viewer.kind === "open")
    return (
      <div
        role="note"
        className="border-b border-amber-200 bg-amber-50 px-6 py-1.5 text-xs text-amber-900"
      >
        Demo data — open, no sign-in. Anyone who can reach this dashboard can read it.
      </div>
    );
  return (
    <div className="flex items-center justify-end gap-3 border-b border-slate-200 bg-white px-6 py-1.5 text-xs text-slate-600">
      <span>
        Signed in as <span className="font-medium text-slate-900">{viewer.email}</span>
      </span>
      <form action={signOut}>
        <button
          type="submit"
          className="rounded border border-slate-300 px-2 py-0.5 font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          Sign out
        </button>
      </form>
    </div>
  );
}
