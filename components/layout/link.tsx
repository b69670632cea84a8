import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The app's links: Next.js's `<Link>` (client navigations) without its prefetch.
 *
 * Every page here is dynamic (read per request with the server's key) and none has a
 * loading boundary, so a prefetch brings only the route's tree and head, which the
 * click asks for again with the page. Prefetched as links came into view, each page
 * view cost two requests per link: 16 for the navigation alone, more on the home page,
 * about half of the server's work for a page. Biome holds every other module to this
 * one (noRestrictedImports in biome.json).
 */
export default function Link(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
