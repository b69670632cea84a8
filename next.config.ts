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
    // Off for `npm test`'s build (NEXT_BUILD_CACHE=0): nothing reads it later there.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== "0",
    // Each route's code loads on its first request: quicker starts (docs/decisions.md).
    preloadEntriesOnStart: false,
    // Fewer, larger client chunks, each compressed whole (docs/decisions.md).
    turbopackChunking: { minChunkSize: 400_000 },
  },
};

export default nextConfig;
