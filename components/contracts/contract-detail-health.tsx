"use client";

import { type ReactNode, useId } from "react";
import { type ContractTermsFacts, healthReason } from "@/lib/contracts/terms";
import { humanize } from "@/lib/format";
import { HealthBadge } from "../badges";
import { useDashboardNow } from "../layout/dashboard-clock";

/**
 * A health badge with the reason for it behind a "Why?" button: the browser's own
 * popover (no script to load, light dismiss, Esc), reached by Tab and announced as a
 * button, its text read when it opens; on a phone, a tap. The row a badge sits in
 * does not open when the button is pressed (table-parts ignores buttons). In a list
 * row (`inRow`) the button is out of the tab order, the table being one tab stop: a
 * pointer or a tap reaches it there, the keyboard on the record's page.
 */
export function HealthWithReason({
  health,
  children,
  onWanted,
  inRow = false,
}: {
  health: string;
  inRow?: boolean;
  /** the reason, or what is being read to give it */
  children: ReactNode;
  /** the first sign the reason is wanted (focus, pointer, press): start reading it */
  onWanted?: () => void;
}) {
  const id = useId();
  const popoverId = `health-reason-${id.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <span className="inline-flex items-center gap-1">
      <HealthBadge health={health} />
      <button
        type="button"
        tabIndex={inRow ? -1 : undefined}
        popoverTarget={popoverId}
        onFocus={onWanted}
        onPointerEnter={onWanted}
        onClick={onWanted}
        aria-label={`Why ${humanize(health)}?`}
        className="rounded-full border border-line-strong px-1.5 text-xs leading-4 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
      >
        ?
      </button>
      <span
        id={popoverId}
        popover="auto"
        role="note"
        data-health-reason
        className="m-auto max-w-sm whitespace-normal rounded-md border border-line bg-surface p-3 text-sm text-fg shadow-lg backdrop:bg-transparent"
      >
        <span className="mb-1 block font-medium">Why {humanize(health)}</span>
        {children}
      </span>
    </span>
  );
}

/** A contract's health with its reason, from the contract record at hand. */
export function ContractHealthWithReason({
  contract,
  inRow,
}: {
  contract: ContractTermsFacts;
  inRow?: boolean;
}) {
  const now = useDashboardNow();
  return (
    <HealthWithReason health={contract.contractHealth} inRow={inRow}>
      {healthReason(contract, now)}
    </HealthWithReason>
  );
}
