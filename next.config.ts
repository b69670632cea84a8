import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time
  // instead of letting the bundler try to inline it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // Lets several builds live side by side (parallel work, benchmarks); `.next` by default.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
};

export default nextConfig;
