// The only way the page reaches the daemon: the compass.v1 client generated
// from proto/compass/v1/compass.proto, over Connect's gRPC-Web transport to
// the origin that served the page, with the token as a header.
import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { CompassService } from "./gen/compass/v1/compass_pb.js";

export type Api = Client<typeof CompassService>;

export function connect(token: () => string): Api {
  const transport = createGrpcWebTransport({
    baseUrl: window.location.origin,
    interceptors: [
      (next) => async (req) => {
        req.header.set("x-compass-token", token());
        return next(req);
      },
    ],
  });
  return createClient(CompassService, transport);
}

/// Whether an error means the token is missing or wrong (the daemon
/// answers 401 before any handler runs).
export function unauthenticated(e: unknown): boolean {
  return e instanceof ConnectError && e.code === Code.Unauthenticated;
}

/// An RPC error as the user reads it: the daemon's message names the field.
export function describe(e: unknown): string {
  if (e instanceof ConnectError) {
    return e.rawMessage || Code[e.code];
  }
  return e instanceof Error ? e.message : String(e);
}
