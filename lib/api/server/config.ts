import "server-only";
import { z } from "zod";

/**
 * Where the dashboard reads the Invoicing API, validated once at first use.
 * Unset INVOICING_API_URL means the built-in API of this same app.
 */
const EnvSchema = z.object({
  INVOICING_API_URL: z
    .url({ error: "INVOICING_API_URL must be an absolute http(s) URL ending in /v1" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  INVOICING_API_KEY: z
    .string()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  INVOICING_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export interface ApiConfig {
  /** null: the built-in API, called in-process */
  baseUrl: string | null;
  key: string | null;
  timeoutMs: number;
}

let cached: ApiConfig | null = null;

export function apiConfig(): ApiConfig {
  cached ??= parseApiConfig(process.env);
  return cached;
}

/** The configuration that `env` describes (a command line reads its own environment); throws naming what is wrong. */
export function parseApiConfig(environment: NodeJS.ProcessEnv): ApiConfig {
  const env = EnvSchema.parse(environment);
  return {
    baseUrl: env.INVOICING_API_URL ? env.INVOICING_API_URL.replace(/\/+$/, "") : null,
    key: env.INVOICING_API_KEY ?? null,
    timeoutMs: env.INVOICING_API_TIMEOUT_MS,
  };
}
