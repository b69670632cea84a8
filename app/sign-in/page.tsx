import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PasswordForm, SsoForm } from "@/components/auth/sign-in-forms";
import Link from "@/components/layout/link";
import { safeNext } from "@/lib/auth/config";
import { currentViewer, SIGN_IN_UNAVAILABLE_MESSAGE, SignInUnavailable } from "@/lib/auth/guard";
import { authSetup } from "@/lib/auth/server";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** "45 seconds", "12 minutes", "3 hours": the wait a refusal named, in words. */
function waitText(wait: string | undefined): string {
  const seconds = /^\d{1,6}$/.test(wait ?? "") ? Number(wait) : 0;
  if (seconds <= 0) return "a minute";
  const [amount, unit] =
    seconds < 120
      ? [seconds, "second"]
      : seconds < 2 * 3600
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

/** The reason codes the sign-in actions and better-auth's OIDC callback send back, in words. */
function errorMessage(code: string, wait: string | undefined, ssoName: string): string {
  switch (code) {
    case "invalid":
      return "Wrong e-mail address or password.";
    case "missing":
      return "Enter your e-mail address and password.";
    case "too_many":
      return `Too many sign-in attempts. Try again in ${waitText(wait)}.`;
    case "unavailable":
      return "Sign-in is unavailable right now. Try again in a moment.";
    case "sso_unavailable":
      return `${ssoName} could not be reached. Try again later.`;
    case "email_not_allowed":
      return "This e-mail address is not allowed to sign in to this dashboard. Ask an administrator to add it.";
    case "access_denied":
      return `Sign-in with ${ssoName} was cancelled.`;
    default:
      return /^[a-z_]{1,40}$/.test(code)
        ? `Sign-in with ${ssoName} did not complete (${code.replaceAll("_", " ")}). Try again.`
        : "Sign-in did not complete. Try again.";
  }
}

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeNext(one(params.next));
  const setup = authSetup();
  if (setup.mode === "open")
    return (
      <Shell>
        <h1 className="text-2xl font-semibold tracking-tight">No sign-in needed</h1>
        <p className="mt-3 text-fg-muted">
          This dashboard runs open on the built-in demo data, so anyone who reaches it can read it.
          Sign-in is on when it reads a real API.
        </p>
        <Link href={next} className="mt-6 inline-block text-accent underline">
          Continue to the dashboard
        </Link>
      </Shell>
    );
  // A misconfigured setup throws here: the page fails closed. A storage that cannot be
  // read is said, with the way back to the page the person was on.
  const viewer = await currentViewer().catch((failure: unknown) => {
    if (failure instanceof SignInUnavailable) return "unavailable" as const;
    throw failure;
  });
  if (viewer === "unavailable")
    return (
      <Shell>
        <h1 className="text-2xl font-semibold tracking-tight">Sign-in is unavailable</h1>
        <p
          role="alert"
          className="mt-5 rounded-md border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {SIGN_IN_UNAVAILABLE_MESSAGE}
        </p>
        <a
          href={next}
          className="mt-6 inline-block rounded-md bg-accent px-3 py-1.5 text-sm text-accent-fg hover:opacity-90"
        >
          Try again
        </a>
      </Shell>
    );
  if (viewer) redirect(next);
  const config = setup.mode === "required" ? setup.config : null;
  const ssoName = config?.oidc?.name ?? "single sign-on";
  const error = one(params.error);
  return (
    <Shell>
      <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="mt-2 text-sm text-fg-muted">Invoices, customers, contracts and payments.</p>
      {error ? (
        <p
          role="alert"
          className="mt-5 rounded-md border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {errorMessage(error, one(params.wait), ssoName)}
        </p>
      ) : one(params["signed-out"]) ? (
        <p
          role="status"
          className="mt-5 rounded-md border border-line bg-surface px-3 py-2 text-sm"
        >
          {one(params["signed-out"]) === "later"
            ? "You are signed out in this browser. The sign-in storage is not answering, so the session ends on the server as soon as it answers."
            : "You are signed out."}
        </p>
      ) : null}
      {config?.oidc ? <SsoForm name={config.oidc.name} next={next} /> : null}
      {config?.oidc && config.localAccounts ? (
        <p className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-fg-subtle">
          <span className="h-px flex-1 bg-surface-strong" />
          or with a password
          <span className="h-px flex-1 bg-surface-strong" />
        </p>
      ) : null}
      {config?.localAccounts ? <PasswordForm next={next} /> : null}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-sm px-4 py-12 sm:px-6 sm:py-16">
      <p className="mb-8 text-lg font-semibold tracking-tight">Invoicing</p>
      {children}
    </main>
  );
}
