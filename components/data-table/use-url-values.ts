"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import {
  readUrlValues,
  renderQueryString,
  type UrlParams,
  type UrlValues,
  writeUrlValues,
} from "@/lib/lists/url-params";

export type SetUrlValues<P extends UrlParams> = (
  values: Partial<UrlValues<P>>,
  options?: { history?: "push" | "replace" },
) => void;

/** Fired after this hook writes the address bar (the browser fires nothing on pushState). */
const URL_WRITTEN = "url-values-written";

function subscribeToAddressBar(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener(URL_WRITTEN, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(URL_WRITTEN, onChange);
  };
}

/**
 * A page's filter values, read from its URL and written back to it.
 *
 * The values are read from the address bar itself (`useSyncExternalStore` on
 * `location.search`, re-read on back/forward and after each write), not from the
 * router's `useSearchParams`: Next.js takes a pushed or popped URL in a transition, so
 * a back pressed before the router rendered the pushed entry would leave the written
 * values on screen (e2e/pages/invoices.spec.ts, "fast back and forward"). The server renders
 * from `useSearchParams`, which hydration reads too.
 *
 * Writing goes through `history.pushState`/`replaceState`, which Next.js's router
 * follows without fetching the page again (the client tables fetch their own pages).
 * "replace" by default, as for a keystroke; filter changes ask for "push" so back
 * returns to the previous view. Parameters of the URL not in `params` are kept.
 */
export function useUrlValues<P extends UrlParams>(params: P): [UrlValues<P>, SetUrlValues<P>] {
  const routerSearch = useSearchParams().toString();
  const search = useSyncExternalStore(
    subscribeToAddressBar,
    // A new function on each render on purpose: React then compares the address bar
    // with what was rendered after every commit, so a navigation of the router's own
    // (a link to the same list), whose URL it writes after rendering, is caught too.
    () => window.location.search,
    () => (routerSearch ? `?${routerSearch}` : ""),
  );
  const values = useMemo(
    () => readUrlValues(params, new URLSearchParams(search)),
    [params, search],
  );
  const setValues = useCallback<SetUrlValues<P>>(
    (next, options) => {
      // The address bar, not the last render: two writes in one event both land.
      const current = new URLSearchParams(window.location.search);
      const written = writeUrlValues(params, next, current);
      if (written.toString() === current.toString()) return;
      const { pathname, hash } = window.location;
      const url = pathname + renderQueryString(written) + hash;
      if (options?.history === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
      window.dispatchEvent(new Event(URL_WRITTEN));
    },
    [params],
  );
  return [values, setValues];
}
