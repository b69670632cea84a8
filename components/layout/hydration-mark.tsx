"use client";

import { useEffect } from "react";

/**
 * Marks `<html data-hydrated>` once React has hydrated the page. Browser tests
 * wait for it before acting (e2e/support/test.ts): a control changed before hydration is
 * reset by React, as it would be for a person clicking that early.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
