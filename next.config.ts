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
    // Fewer, larger client chunks: Turbopack otherwise splits a list page's first load
    // into ~11 scripts, and gzip compresses each alone. Merging measured −2.6 kB gzipped
    // per list page and −1.9 kB on the others (bench:web); the price is that moving from
    // one list to another fetches the list code shared by both again (~10 kB gzipped).
    turbopackChunking: { minChunkSize: 400_000 },
  },
};

export default nextConfig;
