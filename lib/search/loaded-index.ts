import "server-only";
import { CustomerIndex } from "./customer-index";
import type { CustomerManifest, IndexStore, InvoiceManifest } from "./index-store";
import { InvoiceIndex } from "./invoice-index";
import { type InvoiceSegment, SharedStrings } from "./invoice-segment";

/**
 * The indexes of one API source as this instance holds them in memory, following the
 * manifests in the store: when one names blocks this instance does not hold, it reads
 * those (and only those) and switches to the new index at once; a block gone from the
 * store meanwhile (replaced by a newer walk) leaves the index as it was until the next
 * look.
 */
export class LoadedIndex {
  readonly shared = new SharedStrings();
  invoiceManifest: InvoiceManifest | null = null;
  segments = new Map<string, InvoiceSegment>();
  invoices = InvoiceIndex.empty();
  customerManifest: CustomerManifest | null = null;
  customers: CustomerIndex | null = null;
  private invoiceStamp = "";
  private customerStamp = "";

  constructor(readonly store: IndexStore) {}

  /** Reads both manifests and whatever new blocks they name. */
  async sync(): Promise<void> {
    const [invoices, customers] = await Promise.all([
      this.store.invoiceManifest(),
      this.store.customerManifest(),
    ]);
    await Promise.all([this.followInvoices(invoices), this.followCustomers(customers)]);
  }

  private async followInvoices(manifest: InvoiceManifest | null) {
    const stamp = JSON.stringify(manifest);
    if (stamp === this.invoiceStamp) return;
    if (!manifest) return this.applyInvoices(null, new Map());
    const segments = new Map<string, InvoiceSegment>();
    for (const ref of [...manifest.finals, ...manifest.far, ...manifest.near]) {
      const held = this.segments.get(ref.key) ?? (await this.store.readSegment(this.shared, ref));
      if (!held) return;
      segments.set(ref.key, held);
    }
    this.applyInvoices(manifest, segments);
  }

  /** Makes `manifest` this instance's number index; `segments` holds at least every block it names. */
  applyInvoices(manifest: InvoiceManifest | null, segments: Map<string, InvoiceSegment>): void {
    const pick = (refs: { key: string }[]) => refs.map((ref) => segments.get(ref.key)!);
    const kept = new Map<string, InvoiceSegment>();
    for (const ref of manifest ? [...manifest.finals, ...manifest.far, ...manifest.near] : [])
      kept.set(ref.key, segments.get(ref.key)!);
    this.invoices = manifest
      ? new InvoiceIndex(this.shared, {
          finals: pick(manifest.finals),
          far: pick(manifest.far),
          near: pick(manifest.near),
          nearFrom: manifest.nearFrom ?? Number.NEGATIVE_INFINITY,
        })
      : InvoiceIndex.empty();
    this.segments = kept;
    this.invoiceManifest = manifest;
    this.invoiceStamp = JSON.stringify(manifest);
  }

  private async followCustomers(manifest: CustomerManifest | null) {
    const stamp = JSON.stringify(manifest);
    if (stamp === this.customerStamp) return;
    if (manifest?.key && manifest.key !== this.customerManifest?.key) {
      const text = await this.store.readBlob(manifest.key);
      if (text === null) return;
      return this.applyCustomers(manifest, CustomerIndex.fromStored(text));
    }
    this.applyCustomers(manifest, manifest?.key ? this.customers : null);
  }

  applyCustomers(manifest: CustomerManifest | null, index: CustomerIndex | null): void {
    this.customerManifest = manifest;
    this.customers = index;
    this.customerStamp = JSON.stringify(manifest);
  }
}
