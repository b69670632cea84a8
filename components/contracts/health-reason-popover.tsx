"use client";

import type { ReactNode, RefObject, SyntheticEvent } from "react";
import { Dialog, Popover } from "react-aria-components";

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The reason for a health, in React Aria's popover under its "Why?" button (Esc or a
 * click outside closes it). Loaded on the first reach for a button, not with the page.
 */
export default function HealthReasonPopover({
  triggerRef,
  title,
  onClose,
  children,
}: {
  triggerRef: RefObject<HTMLElement | null>;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    // Portalled, but React's events still bubble to the table row around the button,
    // which would open the record: they stop here.
    // biome-ignore lint/a11y/noStaticElementInteractions: stops events, handles none
    <span onClick={stop} onKeyDown={stop} className="contents">
      <Popover
        triggerRef={triggerRef}
        isOpen
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        placement="bottom"
        className="max-w-[min(24rem,calc(100vw-1rem))] rounded-md border border-line bg-surface text-sm text-fg shadow-lg outline-none"
      >
        <Dialog
          aria-label={title}
          data-health-reason
          className="whitespace-normal p-3 outline-none"
        >
          <span className="mb-1 block font-medium">{title}</span>
          {children}
        </Dialog>
      </Popover>
    </span>
  );
}
