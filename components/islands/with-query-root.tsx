"use client";

import type { DehydratedState } from "@tanstack/react-query";
import type { ComponentType } from "react";

/**
 * An island's loader: the part and its QueryRoot (./query-root.tsx), both fetched with
 * the island's script, the part given what the server read for it (`state`).
 */
export function withQueryRoot<P extends object>(
  part: () => Promise<ComponentType<P>>,
  state: (props: P) => DehydratedState | undefined,
) {
  return async () => {
    const [Part, { QueryRoot }] = await Promise.all([part(), import("./query-root")]);
    // biome-ignore lint/correctness/noComponentHookFactories: made once per island, when its script arrives
    function Rooted(props: P) {
      return (
        <QueryRoot state={state(props)}>
          <Part {...props} />
        </QueryRoot>
      );
    }
    return { default: Rooted };
  };
}

/** Whether the server's read of a first page succeeded (only a success is dehydrated). */
export function readOnServer(state: DehydratedState): boolean {
  return state.queries.some((query) => query.state.status === "success");
}
