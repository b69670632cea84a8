import { serveStatementCsv } from "@/lib/export/statement-serve";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return serveStatementCsv(request, (await params).id);
}
