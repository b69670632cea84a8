"use client";

import { useEffect } from "react";

/**
 * Marks `<html data-hydrated>` once React has hydrated the page. Browser tests
 * wait for it before acting (e2e/support/test.ts): a control changed before hydration is
 * reset by React, as it would be for a person clicking that early. A part that
 * streamed in a Suspense boundary of its own (a list's view) hydrates after the page
 * around it, in tasks of the lowest priority: the mark waits for the browser's first
 * idle moment after the page's own hydration, which comes once those are done.
 */
export function HydrationMark() {
  useEffect(() => {
    const mark = () => {
      document.documentElement.dataset.hydrated = "";
    };
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(mark, 0);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(mark);
    return () => window.cancelIdleCallback(idle);
  }, []);
  return null;
}
