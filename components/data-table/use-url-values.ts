"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
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

/**
 * A page's filter values, read from its URL and written back to it.
 *
 * Writing goes through `history.pushState`/`replaceState`, which Next.js's router
 * follows: `useSearchParams` changes, the page is not fetched again from the server
 * (the client tables fetch their own pages), and back/forward restore the entry.
 * "replace" by default, as for a keystroke; filter changes ask for "push" so back
 * returns to the previous view. Parameters of the URL not in `params` are kept.
 */
export function useUrlValues<P extends UrlParams>(params: P): [UrlValues<P>, SetUrlValues<P>] {
  const searchParams = useSearchParams();
  // The router takes the new URL in a transition; until it does, the values written
  // show at once (else a controlled checkbox or select springs back for a moment).
  const [written, setWritten] = useState<{ over: URLSearchParams | null; search: string }>();
  const current = written && written.over === searchParams ? written.search : searchParams;
  const values = useMemo(
    () =>
      readUrlValues(params, typeof current === "string" ? new URLSearchParams(current) : current),
    [params, current],
  );
  const setValues = useCallback<SetUrlValues<P>>(
    (next, options) => {
      // The address bar, not the last render: two writes in one event both land.
      const search = writeUrlValues(params, next, new URLSearchParams(window.location.search));
      const query = renderQueryString(search);
      const { pathname, hash } = window.location;
      if (search.toString() === new URLSearchParams(window.location.search).toString()) return;
      setWritten({ over: searchParams, search: query });
      if (options?.history === "push") window.history.pushState(null, "", pathname + query + hash);
      else window.history.replaceState(null, "", pathname + query + hash);
    },
    [params, searchParams],
  );
  return [values, setValues];
}
