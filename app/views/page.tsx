import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { SavedViewsManager } from "@/components/saved-views/saved-views-manager";
import { requireViewer } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Saved views" };

export default async function SavedViewsPage() {
  await requireViewer();
  return (
    <main id="main" className="px-4 py-6 sm:px-6">
      <PageHeader
        title="Saved views"
        description="Lists as you filtered and ordered them, under names of your own."
      />
      <SavedViewsManager />
    </main>
  );
}
