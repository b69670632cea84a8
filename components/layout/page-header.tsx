import type { ReactNode } from "react";

export function PageHeader({
  title,
  description,
  describeOnPhone = true,
  children,
}: {
  title: string;
  description?: string;
  /** false: the description is left out below 640 px, where it would push the page's content down */
  describeOnPhone?: boolean;
  children?: ReactNode;
}) {
  return (
    <header className="mb-5 flex flex-wrap items-end justify-between gap-4 max-sm:mb-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? (
          <p className={`mt-1 text-sm text-fg-muted ${describeOnPhone ? "" : "max-sm:hidden"}`}>
            {description}
          </p>
        ) : null}
      </div>
      {children}
    </header>
  );
}
