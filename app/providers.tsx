"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { HydrationMark } from "@/components/layout/hydration-mark";
import { getQueryClient } from "@/lib/query-client";

/**
 * The browser's one QueryClient (TanStack Query's Next.js guide: server pages prefetch
 * into a per-request client and hand it over with HydrationBoundary), and the theme:
 * the class `dark` on <html> from the stored choice or the system setting, set by
 * next-themes' inline script (which carries the page's CSP nonce, else the policy
 * blocks it and the page flashes).
 */
export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <ThemeProvider
        attribute="class"
        defaultTheme="system"
        enableSystem
        disableTransitionOnChange
        nonce={nonce}
      >
        {children}
      </ThemeProvider>
      <HydrationMark />
    </QueryClientProvider>
  );
}
