/**
 * Loads this repository's server-only modules in a command-line process, as the
 * server does: `node --import ./lib/cli/server-modules.mjs --import tsx script.ts`.
 *
 * Server modules start with `import "server-only"`, a marker that throws unless it
 * is resolved under the "react-server" condition (Next.js's server bundles, and
 * vitest's alias). Running the whole process under that condition (node
 * --conditions=react-server) would also give React its server build, which lacks
 * what @tanstack/react-query needs at import time; so only the marker itself is
 * resolved under it.
 */
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, nextResolve) {
      if (specifier !== "server-only") return nextResolve(specifier, context);
      return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
    }
  `)}`,
);
