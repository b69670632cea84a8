/** In place of a figure not read yet: being read now, or waiting for a walk. */
export function PartPending({ reading }: { reading: boolean }) {
  return (
    <p className="text-sm text-fg-subtle" data-pending-part>
      {reading ? "Reading…" : "Not read yet"}
    </p>
  );
}
