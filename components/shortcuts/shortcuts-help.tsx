"use client";

import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";

const SHORTCUTS = [
  ["Ctrl K / ⌘ K", "Open the command palette: pages and customers by name"],
  ["/", "Focus the list's search (or its first filter)"],
  ["j / k", "Highlight the next / previous row"],
  ["↓ ↑ · Page Down / Up · Home / End", "In a table (one Tab stop): move the highlight"],
  ["Enter", "Open the highlighted row"],
  ["Esc", "Leave the search field; drop the highlight; close a dialog"],
  ["?", "Show these shortcuts"],
] as const;

/** `?`: the keyboard shortcuts, in a modal dialog (Esc or the button closes it). */
export default function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="fixed inset-0 z-50 bg-black/40"
    >
      <Modal className="mx-auto mt-[10dvh] max-h-[85dvh] w-[min(28rem,calc(100vw-2rem))] overflow-auto rounded-lg border border-line bg-surface p-5 text-fg shadow-xl outline-none sm:mt-[15vh]">
        <Dialog className="outline-none">
          <Heading slot="title" className="mb-3 text-base font-semibold">
            Keyboard shortcuts
          </Heading>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2">
            {SHORTCUTS.map(([keys, what]) => (
              <div key={keys} className="contents">
                <dt>
                  <kbd className="rounded border border-line-strong bg-surface-muted px-1.5 py-0.5 font-sans text-xs">
                    {keys}
                  </kbd>
                </dt>
                <dd className="mb-2 text-fg-muted sm:mb-0">{what}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-fg-muted">
            Single-letter keys are ignored while typing in a field or with Ctrl, ⌘ or Alt held.
          </p>
          <Button
            slot="close"
            className="mt-4 rounded-md border border-line-strong px-3 py-1.5 text-sm outline-none hover:bg-surface-muted data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent"
          >
            Close
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
