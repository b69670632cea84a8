import { type ReactNode, Suspense } from "react";
import { PaletteLauncher } from "@/components/command-palette/palette-launcher";
import { SavedViewsNav } from "@/components/saved-views/saved-views-nav";
import { apiSourceLabel, getKeyStatus } from "@/lib/upstream/api-key";
import { NavLink } from "./nav-link";
import { SITE_PAGES } from "./site-pages";

/** The lists and views, each with the claim it needs; Home and the key page are always open. */
const LISTS = SITE_PAGES.filter((page) => page.inNav);

/**
 * The navigation, marking each list the key cannot read and why, instead of
 * letting the page fail.
 */
export async function AppNav({ brand }: { brand: ReactNode }) {
  const status = await getKeyStatus();
  const claims = status.ok ? new Set(status.me.authorizationClaims) : null;
  const source = apiSourceLabel();
  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      <div className="mb-5 hidden px-3 lg:block">{brand}</div>
      <PaletteLauncher />
      {LISTS.map((list) => {
        const denied = claims !== null && !claims.has(list.claim);
        return (
          <NavLink
            key={list.href}
            href={list.href}
            exact={LISTS.some((other) => other.href.startsWith(`${list.href}/`))}
            title={denied ? `The API key lacks the ${list.claim} claim` : undefined}
          >
            <span>{list.label}</span>
            {denied ? (
              <span className="rounded bg-warning-soft px-1.5 py-0.5 text-xs text-warning">
                No access<span className="sr-only">: the key lacks {list.claim}</span>
              </span>
            ) : null}
          </NavLink>
        );
      })}
      <Suspense>
        <SavedViewsNav />
      </Suspense>
      <div className="my-2 border-t border-line" />
      <NavLink href="/key">
        <span>API key</span>
        {status.ok ? null : (
          <span className="rounded bg-danger-soft px-1.5 py-0.5 text-xs text-danger">Problem</span>
        )}
      </NavLink>
      <p className="mt-4 px-3 text-xs text-fg-muted">
        {source.builtIn ? (
          <>
            Demo data from the built-in API. Set <code>INVOICING_API_URL</code> to read a real
            service.
          </>
        ) : (
          <>Reading {new URL(source.url).host}</>
        )}
      </p>
    </nav>
  );
}
