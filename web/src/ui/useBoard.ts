// The board of one project: GetBoard + ListAgents once, then every event
// from the feed applied in place (see board.ts). Events that arrive while
// the snapshot loads are queued and applied after it, so none is lost.
import { useEffect, useState } from "react";
import { describe, type Api } from "../client.js";
import type { Feed } from "../stream.js";
import { apply, fromBoard, type BoardState } from "../board.js";
import type { Event } from "../gen/compass/v1/compass_pb.js";

export function useBoard(api: Api, feed: Feed, projectId: string, onError: (e: string) => void): BoardState | null {
  const [state, setState] = useState<BoardState | null>(null);
  useEffect(() => {
    setState(null);
    if (!projectId) return;
    let current: BoardState | null = null;
    let queued: Event[] = [];
    let gone = false;
    const off = feed.on((e) => {
      if (!current) {
        queued.push(e);
        return;
      }
      if (apply(current, e)) setState({ ...current });
    });
    (async () => {
      try {
        const [board, agents] = await Promise.all([
          api.getBoard({ project: projectId }),
          api.listAgents({ project: projectId }),
        ]);
        if (gone) return;
        current = fromBoard(board, agents.agents);
        for (const e of queued) apply(current, e);
        queued = [];
        setState({ ...current });
      } catch (e) {
        onError(describe(e));
      }
    })();
    return () => {
      gone = true;
      off();
    };
  }, [api, feed, projectId, onError]);
  return state;
}
