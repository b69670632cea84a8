import "server-only";
import type { Fetcher } from "@/lib/api/client";
import { fetchValidated } from "./validate";

/** The server's fetcher: straight to the configured API with the server-held key, answers validated. */
export const serverFetcher: Fetcher = (pathAndQuery) => fetchValidated(pathAndQuery);
