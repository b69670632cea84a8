"use client";

import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { type ContractTermsFacts, healthReason } from "@/lib/contracts/terms";
import { humanize } from "@/lib/format";
import { HealthBadge } from "../badges";
import { useDashboardNow } from "../layout/dashboard-clock";
import { OverlayLoading } from "../states/overlay-loading";

const loadPopover = () => import("./health-reason-popover");
const HealthReasonPopover = lazy(loadPopover);

/**
 * A health badge with the reason for it behind a "Why?" button: React Aria's popover,
 * loaded on the first sign it is wanted (focus, pointer, press), reached by Tab and
 * announced as a button that opens a dialog; on a phone, a tap. The row a badge sits
 * in does not open when the button is pressed (table-parts ignores buttons). In a list
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
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wanted = () => {
    void loadPopover();
    onWanted?.();
  };
  const title = `Why ${humanize(health)}`;
  return (
    <span className="inline-flex items-center gap-1">
      <HealthBadge health={health} />
      <button
        ref={button}
        type="button"
        tabIndex={inRow ? -1 : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        onFocus={wanted}
        onPointerEnter={wanted}
        onClick={() => {
          wanted();
          setOpen((was) => !was);
        }}
        aria-label={`${title}?`}
        className="grid size-6 place-items-center rounded-full border border-line-strong text-xs leading-4 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
      >
        ?
      </button>
      {open ? (
        <Suspense fallback={<OverlayLoading onCancel={() => setOpen(false)} trigger={button} />}>
          <HealthReasonPopover
            triggerRef={button}
            title={title}
            onClose={() => {
              setOpen(false);
              button.current?.focus({ preventScroll: true });
            }}
          >
            {children}
          </HealthReasonPopover>
        </Suspense>
      ) : null}
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
