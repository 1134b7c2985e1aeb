// The live event channel: one Subscribe(after_seq) at a time; when it
// breaks (the daemon restarted, the network dropped) it retries with the
// last seq it delivered, so every later event arrives exactly once, in
// order. Listeners see each seq once even if a resume overlaps.
import type { Api } from "./client.js";
import { unauthenticated, describe } from "./client.js";
import type { Event } from "./gen/compass/v1/compass_pb.js";

export type Link =
  | { kind: "live" }
  | { kind: "reconnecting"; attempt: number; error: string }
  | { kind: "unauthenticated" };

export class Feed {
  private lastSeq = 0n;
  private listeners = new Set<(e: Event) => void>();
  private linkListeners = new Set<(l: Link) => void>();
  private abort: AbortController | null = null;
  private wake: (() => void) | null = null;
  link: Link = { kind: "live" };

  constructor(private api: Api) {}

  get seq(): bigint {
    return this.lastSeq;
  }

  on(f: (e: Event) => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  onLink(f: (l: Link) => void): () => void {
    this.linkListeners.add(f);
    return () => this.linkListeners.delete(f);
  }

  private setLink(l: Link): void {
    this.link = l;
    for (const f of this.linkListeners) f(l);
  }

  /// Run from `after` until stopped.
  start(after: bigint): void {
    this.lastSeq = after;
    void this.loop();
  }

  /// Retry now (a new token was given).
  retry(): void {
    this.wake?.();
  }

  stop(): void {
    this.abort?.abort();
    this.abort = null;
  }

  private async loop(): Promise<void> {
    let attempt = 0;
    for (;;) {
      const abort = new AbortController();
      this.abort = abort;
      try {
        if (attempt > 0) {
          // The stream shows nothing until an event comes; a status call
          // tells at once whether the daemon answers again.
          await this.api.getStatus({}, { signal: abort.signal });
          attempt = 0;
          this.setLink({ kind: "live" });
        }
        const stream = this.api.subscribe({ afterSeq: this.lastSeq }, { signal: abort.signal });
        for await (const e of stream) {
          if (e.seq <= this.lastSeq) continue;
          this.lastSeq = e.seq;
          // The `web` bench times a live update from this mark to the DOM.
          performance.clearMarks("compass-event");
          performance.mark("compass-event");
          for (const f of this.listeners) f(e);
        }
        throw new Error("the daemon closed the event stream");
      } catch (e) {
        if (abort.signal.aborted) return;
        attempt += 1;
        this.setLink(unauthenticated(e) ? { kind: "unauthenticated" } : { kind: "reconnecting", attempt, error: describe(e) });
      }
      const delay = Math.min(500 * attempt, 3000);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}
