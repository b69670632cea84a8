import { answerDataRequest } from "@/lib/api/server/data-endpoint";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return answerDataRequest(request, (await params).path);
}
