import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { AppNav } from "@/components/layout/app-nav";
import { SessionBar } from "@/components/layout/session-bar";
import { currentViewer } from "@/lib/auth/guard";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Invoicing", template: "%s · Invoicing" },
  description: "Invoices, customers, contracts and payments of your business.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Signed out (or sign-in misconfigured): no navigation, no API call; the page
  // itself redirects to the sign-in page or fails closed.
  const viewer = await currentViewer().catch(() => null);
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <Providers>
          {viewer ? (
            <div className="flex min-h-screen">
              <aside className="w-56 shrink-0 border-r border-slate-200 bg-slate-100 px-3 py-5">
                <Link href="/" className="mb-6 block px-3 text-lg font-semibold tracking-tight">
                  Invoicing
                </Link>
                <AppNav />
              </aside>
              <div className="min-w-0 flex-1">
                <SessionBar viewer={viewer} />
                {children}
              </div>
            </div>
          ) : (
            children
          )}
        </Providers>
      </body>
    </html>
  );
}
