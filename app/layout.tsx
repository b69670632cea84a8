import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AppNav } from "@/components/layout/app-nav";
import { AppShell } from "@/components/layout/app-shell";
import { DashboardClock } from "@/components/layout/dashboard-clock";
import Link from "@/components/layout/link";
import { SessionBar } from "@/components/layout/session-bar";
import { currentViewer } from "@/lib/auth/guard";
import { insightNow, pinnedNow } from "@/lib/insights/today";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Invoicing", template: "%s · Invoicing" },
  description: "Invoices, customers, contracts and payments of your business.",
  applicationName: "Invoicing",
  manifest: "/manifest.webmanifest",
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "32x32" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f8fafc" },
    { media: "(prefers-color-scheme: dark)", color: "#0b1220" },
  ],
};

/** The nonce of this request's Content-Security-Policy (set by proxy.ts), for inline scripts. */
async function pageNonce(): Promise<string | undefined> {
  const policy = (await headers()).get("content-security-policy");
  return policy?.match(/'nonce-([^']+)'/)?.[1];
}

/**
 * The server's now, for what the browser draws (components/layout/dashboard-clock.tsx);
 * a broken configuration is the page's to report, so it reads the real clock then.
 */
function serverClock(): { serverNowMs: number; pinned: boolean } {
  try {
    return { serverNowMs: insightNow(), pinned: pinnedNow() !== null };
  } catch {
    return { serverNowMs: Date.now(), pinned: false };
  }
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Signed out (or sign-in misconfigured): no navigation, no API call; the page
  // itself redirects to the sign-in page or fails closed.
  const viewer = await currentViewer().catch(() => null);
  const nonce = await pageNonce();
  const brand = (
    <Link
      href="/"
      className="inline-flex min-h-6 items-center text-base font-semibold tracking-tight text-fg"
    >
      Invoicing
    </Link>
  );
  return (
    // next-themes sets the class before React hydrates: the mismatch is expected.
    <html lang="en" suppressHydrationWarning>
      <body
        className="min-h-screen bg-canvas font-sans text-fg antialiased"
        // Where saved views live, so the browser asks the server only when they are there.
        data-saved-views={viewer?.kind === "open" ? "browser" : "account"}
      >
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <Providers nonce={nonce}>
          <DashboardClock {...serverClock()}>
            {viewer ? (
              <AppShell
                brand={brand}
                bar={<SessionBar viewer={viewer} />}
                nav={<AppNav brand={brand} />}
              >
                {children}
              </AppShell>
            ) : (
              children
            )}
          </DashboardClock>
        </Providers>
      </body>
    </html>
  );
}
