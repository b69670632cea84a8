"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import Link from "@/components/layout/link";

export function NavLink({
  href,
  children,
  title,
  exact = false,
}: {
  href: string;
  children: ReactNode;
  title?: string;
  /** active on this path only, not below it (a page below it has a link of its own) */
  exact?: boolean;
}) {
  const pathname = usePathname();
  const active = pathname === href || (!exact && pathname.startsWith(`${href}/`));
  return (
    <Link
      href={href}
      title={title}
      aria-current={active ? "page" : undefined}
      className={`flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm max-lg:min-h-11 ${
        active
          ? "bg-inverse text-inverse-fg"
          : "text-fg-muted hover:bg-surface-strong hover:text-fg"
      }`}
    >
      {children}
    </Link>
  );
}
