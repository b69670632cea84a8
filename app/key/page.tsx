import type { Metadata } from "next";
import { ApiCheckPanel } from "@/components/api-check/api-check-panel";
import { KeyDetails } from "@/components/key/key-details";
import { PageHeader } from "@/components/layout/page-header";
import { apiSourceLabel, getKeyStatus } from "@/lib/api/server/me";
import { lastApiCheck } from "@/lib/api-check/on-request";
import { requireViewer } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "API key" };

export default async function KeyPage() {
  await requireViewer();
  const [status, lastCheck] = await Promise.all([getKeyStatus(), lastApiCheck()]);
  return (
    <main id="main" className="px-6 py-6">
      <PageHeader
        title="API key"
        description="The key the dashboard reads the Invoicing API with, and what it may read."
      />
      <KeyDetails status={status} source={apiSourceLabel()} />
      <div className="mt-4">
        <ApiCheckPanel initial={lastCheck} />
      </div>
    </main>
  );
}
