import { serveAgedCustomersCsv } from "@/lib/export/aged-customers-serve";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET(request: Request): Promise<Response> {
  return serveAgedCustomersCsv(request);
}
