// The board of one project: GetBoard + ListAgents once, then every event
// from the feed applied in place (see board.ts). Events that arrive while
// the snapshot loads are queued and applied after it, so none is lost.
// An event that may move a card's marks (overlaps, pull requests) asks
// for GetBoard again, once per burst, and only the marks are taken from it.
import { useEffect, useState } from "react";
import { describe, type Api } from "../client.js";
import type { Feed } from "../stream.js";
import { apply, applyMarks, fromBoard, marksChanged, type BoardState } from "../board.js";
import type { Event } from "../gen/compass/v1/compass_pb.js";

/// How long a burst of mark-moving events is gathered before GetBoard.
const MARKS_DELAY_MS = 300;

export function useBoard(api: Api, feed: Feed, projectId: string, onError: (e: string) => void): BoardState | null {
  const [state, setState] = useState<BoardState | null>(null);
  useEffect(() => {
    setState(null);
    if (!projectId) return;
    let current: BoardState | null = null;
    let queued: Event[] = [];
    let gone = false;
    let marksDue: ReturnType<typeof setTimeout> | null = null;
    const rereadMarks = () => {
      marksDue = null;
      api.getBoard({ project: projectId }).then(
        (board) => {
          if (!gone && current && applyMarks(current, board)) setState({ ...current });
        },
        (e) => gone || onError(describe(e)),
      );
    };
    const markLater = (e: Event) => {
      if (marksChanged(e) && !marksDue) marksDue = setTimeout(rereadMarks, MARKS_DELAY_MS);
    };
    const off = feed.on((e) => {
      if (!current) {
        queued.push(e);
        return;
      }
      if (apply(current, e)) setState({ ...current });
      markLater(e);
    });
    (async () => {
      try {
        const [board, agents] = await Promise.all([
          api.getBoard({ project: projectId }),
          api.listAgents({ project: projectId }),
        ]);
        if (gone) return;
        current = fromBoard(board, agents.agents);
        // The snapshot may predate a queued event's marks: read them again.
        for (const e of queued) {
          apply(current, e);
          markLater(e);
        }
        queued = [];
        setState({ ...current });
      } catch (e) {
        onError(describe(e));
      }
    })();
    return () => {
      gone = true;
      if (marksDue) clearTimeout(marksDue);
      off();
    };
  }, [api, feed, projectId, onError]);
  return state;
}
