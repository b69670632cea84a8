"use client";

import { useEffect, useState } from "react";

/**
 * "Sign in again": the sign-in page, coming back to this page's URL (its filters)
 * after. Shown for a failure of the browser's own requests (a list's next page, a sum,
 * an export) once the session ended, so the URL is read in the browser.
 */
export function SignInAgain({ children = "Sign in again" }: { children?: string }) {
  const [href, setHref] = useState("/sign-in");
  useEffect(() => {
    const here = `${window.location.pathname}${window.location.search}`;
    setHref(`/sign-in?next=${encodeURIComponent(here)}`);
  }, []);
  return (
    <a className="underline" href={href}>
      {children}
    </a>
  );
}
