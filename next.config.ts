import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // better-sqlite3 is a native addon, and piscina starts worker threads from its own
  // files (lib/sandbox/pool): load both from node_modules at run time instead of
  // letting the bundler try to inline them.
  serverExternalPackages: ["better-sqlite3", "piscina"],
  poweredByHeader: false,
  // Lets several builds live side by side (parallel work, benchmarks); `.next` by default.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  // npm test checks the types beside the unit tests (package.json), not in the build.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED_APART === "1" },
  experimental: {
    // Turbopack's build cache (on by default) is off for `npm test`'s build
    // (NEXT_BUILD_CACHE=0): in a fresh clone, where nothing reads it later, writing it
    // cost 11 s of a 46 s build (35 s without). A later build it helps took 25 s.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== "0",
    // Each route's code loads on its first request rather than all of them at start, in
    // the background: an instance then costs about 0.6 core-seconds less to start (2.6
    // -> 2.0 on this 2-core machine, to its first answer) and holds less memory, while
    // a route's first answer took about the same (the invoices page 0.48-0.55 s against
    // 0.53-0.70 s, the customers page 0.10-0.11 s either way). Every test server and
    // every instance a deployment adds starts that much quicker.
    preloadEntriesOnStart: false,
    // Fewer, larger client chunks: Turbopack otherwise splits a list page's first load
    // into ~11 scripts, and gzip compresses each alone. Merging measured −2.6 kB gzipped
    // per list page and −1.9 kB on the others (bench:web); the price is that moving from
    // one list to another fetches the list code shared by both again (~10 kB gzipped).
    turbopackChunking: { minChunkSize: 400_000 },
  },
};

export default nextConfig;
