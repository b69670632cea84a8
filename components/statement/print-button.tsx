"use client";

/** Prints the statement (the print stylesheet leaves out everything but the sheet). */
export function PrintButton({ className }: { className: string }) {
  return (
    <button type="button" onClick={() => window.print()} className={className}>
      Print
    </button>
  );
}
