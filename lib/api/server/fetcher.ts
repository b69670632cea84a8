import "server-only";
import type { Fetcher } from "../client";
import { callApi } from "./transport";

/** The server's fetcher: straight to the configured API with the server-held key. */
export const serverFetcher: Fetcher = (pathAndQuery) => callApi(pathAndQuery);
