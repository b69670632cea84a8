import type { ReactNode } from "react";
import Link from "@/components/layout/link";
import type { ApiErrorInfo } from "@/lib/api/errors";
import { CLAIMS } from "@/lib/api/schemas";
import type { KeyStatus } from "@/lib/upstream/api-key";
import { Timestamp } from "../timestamp";

const CLAIM_LISTS: Record<(typeof CLAIMS)[number], { href: string; label: string }> = {
  "invoices:read": { href: "/invoices", label: "Invoices" },
  "customers:read": { href: "/customers", label: "Customers" },
  "contracts:read": { href: "/contracts", label: "Contracts" },
  "payments:read": { href: "/payments", label: "Payments" },
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-3 border-b border-line py-2 last:border-b-0">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Source({ source }: { source: { builtIn: boolean; url: string } }) {
  return source.builtIn ? (
    <>
      The built-in demo API of this dashboard (<code>/api/v1</code>, generated data).
    </>
  ) : (
    <>
      <code>{new URL(source.url).host}</code> (from <code>INVOICING_API_URL</code>)
    </>
  );
}

/** How to give the dashboard a working key; shown when the key is refused. */
function HowToConfigure({ builtIn }: { builtIn: boolean }) {
  return (
    <section aria-labelledby="configure-heading" className="mt-4 text-sm">
      <h2 id="configure-heading" className="text-base font-medium">
        How to configure the key
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-fg-muted">
        <li>
          The key is read on the server only, from the environment variable{" "}
          <code>INVOICING_API_KEY</code>; it never reaches the browser.
        </li>
        {builtIn ? (
          <li>
            For the built-in API, list the businesses with{" "}
            <code>npm run sandbox -- businesses</code> and create a key with{" "}
            <code>npm run sandbox -- keys create --business &lt;id&gt;</code> (all four claims
            unless <code>--claims</code> names some). Unset, the dashboard uses the demo key.
          </li>
        ) : (
          <li>
            Ask an administrator of the account to create a key under API keys in the account
            settings, with the claims of the lists you need.
          </li>
        )}
        <li>Set it on the server and restart the dashboard.</li>
      </ol>
    </section>
  );
}

function Refused({ error, builtIn }: { error: ApiErrorInfo; builtIn: boolean }) {
  const unauthorized = error.kind === "unauthorized";
  return (
    <div
      role="alert"
      className="rounded-md border border-danger-line bg-danger-soft p-5 text-sm text-danger"
    >
      <p className="font-medium">
        {unauthorized
          ? "The API refused the dashboard's key (HTTP 401)"
          : `The key could not be checked${error.status ? ` (HTTP ${error.status})` : ""}`}
      </p>
      {unauthorized ? (
        <ul className="mt-2 list-disc pl-5">
          <li>
            <code>INVOICING_API_KEY</code> is missing on the server, or
          </li>
          <li>the key was revoked (revocation is immediate), or</li>
          <li>the key is unknown to this API (made for another API or mistyped).</li>
        </ul>
      ) : null}
      {unauthorized ? (
        <p className="mt-2">
          A key that is accepted but lacks a list&apos;s claim is refused on that list only; this
          page then lists the claims it holds.
        </p>
      ) : (
        <p className="mt-1">{error.message}</p>
      )}
      {!unauthorized && error.issues.length > 0 ? (
        <ul className="mt-2 list-disc pl-5">
          {error.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      ) : null}
      {unauthorized ? <HowToConfigure builtIn={builtIn} /> : null}
      <p className="mt-3">
        {/* A full reload re-reads the key on the server; no client script needed. */}
        <a href="/key" className="font-medium underline">
          Check the key again
        </a>
      </p>
    </div>
  );
}

/** What the dashboard's API key is, what it may read, and where the API is. */
export function ApiKeyDetails({
  status,
  source,
}: {
  status: KeyStatus;
  source: { builtIn: boolean; url: string };
}) {
  if (!status.ok)
    return (
      <div className="max-w-3xl">
        <Refused error={status.error} builtIn={source.builtIn} />
        <dl className="mt-4 rounded-md border border-line bg-surface p-4 text-sm">
          <Field label="API">
            <Source source={source} />
          </Field>
        </dl>
      </div>
    );
  const { me } = status;
  const held = new Set(me.authorizationClaims);
  const unknownClaims = me.authorizationClaims.filter(
    (c) => !(CLAIMS as readonly string[]).includes(c),
  );
  const missing = CLAIMS.filter((c) => !held.has(c));
  return (
    <div className="grid max-w-3xl gap-4">
      <section
        aria-labelledby="key-heading"
        className="rounded-md border border-line bg-surface p-4"
      >
        <h2 id="key-heading" className="mb-2 text-base font-medium">
          Key
        </h2>
        <dl className="text-sm">
          <Field label="Key id">
            <code className="text-xs">{me.apiKeyId}</code>
          </Field>
          <Field label="Business">
            {me.entityName}{" "}
            <span className="text-fg-subtle">
              (<code className="text-xs">{me.entityId}</code>)
            </span>
          </Field>
          <Field label="Created">
            <Timestamp iso={me.createdAt} />
          </Field>
          <Field label="API">
            <Source source={source} />
          </Field>
        </dl>
        <p className="mt-2 text-xs text-fg-subtle">
          The key itself stays on the server (<code>INVOICING_API_KEY</code>); it is never shown.
        </p>
      </section>

      <section
        aria-labelledby="claims-heading"
        className="rounded-md border border-line bg-surface p-4"
      >
        <h2 id="claims-heading" className="mb-2 text-base font-medium">
          Claims: what the key may read
        </h2>
        <ul className="divide-y divide-line text-sm">
          {CLAIMS.map((claim) => {
            const list = CLAIM_LISTS[claim];
            const can = held.has(claim);
            return (
              <li key={claim} className="flex items-center justify-between gap-4 py-2">
                <span>
                  <code className="text-xs">{claim}</code>{" "}
                  <Link href={list.href} className="text-accent underline">
                    {list.label}
                  </Link>
                </span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
                    can
                      ? "bg-success-soft text-success ring-success-line"
                      : "bg-warning-soft text-warning ring-warning-line"
                  }`}
                >
                  {can ? "Can read" : "Cannot read"}
                </span>
              </li>
            );
          })}
          {unknownClaims.map((claim) => (
            <li key={claim} className="flex items-center justify-between gap-4 py-2">
              <code className="text-xs">{claim}</code>
              <span className="text-xs text-fg-subtle">Other claim</span>
            </li>
          ))}
        </ul>
        {missing.length > 0 ? (
          <p className="mt-3 text-sm text-fg-muted">
            Lists the key cannot read are marked in the navigation. To read them, create a key with{" "}
            {missing.join(", ")}
            {source.builtIn ? (
              <>
                {" "}
                (<code>npm run sandbox -- keys create --business {me.entityId}</code>)
              </>
            ) : null}{" "}
            and set it as <code>INVOICING_API_KEY</code> on the server.
          </p>
        ) : null}
      </section>
    </div>
  );
}
