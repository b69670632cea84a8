import { serveSavedViews } from "@/lib/saved-views/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = (request: Request) => serveSavedViews(request);
export const POST = (request: Request) => serveSavedViews(request);
