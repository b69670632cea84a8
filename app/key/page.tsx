import type { Metadata } from "next";
import { ApiCheckPanel } from "@/components/api-check/api-check-panel";
import { ApiKeyDetails } from "@/components/api-key/api-key-details";
import { PageHeader } from "@/components/layout/page-header";
import { lastApiCheck } from "@/lib/api-check/on-request";
import { requireViewer } from "@/lib/auth/guard";
import { apiSourceLabel, getKeyStatus } from "@/lib/upstream/api-key";

export const metadata: Metadata = { title: "API key" };

export default async function ApiKeyPage() {
  await requireViewer();
  const [status, lastCheck] = await Promise.all([getKeyStatus(), lastApiCheck()]);
  return (
    <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
      <PageHeader
        title="API key"
        description="The key the dashboard reads the Invoicing API with, and what it may read."
      />
      <ApiKeyDetails status={status} source={apiSourceLabel()} />
      <div className="mt-4">
        <ApiCheckPanel initial={lastCheck} />
      </div>
    </main>
  );
}
