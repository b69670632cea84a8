"use client";

import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { HydrationMark } from "@/components/layout/hydration-mark";
import { ThemeChoicePublisher } from "@/components/layout/theme-choice";

/**
 * The theme (TanStack Query's provider is not here: each part of a page that reads
 * through it brings its own, components/islands/query-root.tsx): the class `dark` on <html> from the
 * stored choice or the system setting, set by next-themes' inline script (which
 * carries the page's CSP nonce, else the policy blocks it and the page flashes).
 * The provider is beside the page, not around it: its context changes with the
 * theme, and a change above a part not yet hydrated throws that part's HTML away
 * (components/layout/theme-choice.tsx hands the choice to the theme buttons).
 */
export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <>
      <ThemeProvider
        attribute="class"
        defaultTheme="system"
        enableSystem
        disableTransitionOnChange
        nonce={nonce}
      >
        <ThemeChoicePublisher />
      </ThemeProvider>
      {children}
      <HydrationMark />
    </>
  );
}
