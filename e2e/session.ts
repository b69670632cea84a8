import type { Page } from "@playwright/test";

/**
 * Signs `page` in to the app at `baseURL` when that app requires sign-in (an app
 * reading a real API). A no-op for an app that runs open (the built-in demo API).
 * After it, `page.request` carries the session cookie too.
 * The sign-in work fills this in; specs that visit API_DOWN_URL or FAULTS_URL call it.
 */
export async function ensureSignedIn(_page: Page, _baseURL: string): Promise<void> {}
