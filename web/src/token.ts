// The board token: taken from `?token=` on the first load, kept in this
// tab's sessionStorage, and removed from the address bar at once so it is
// not left in history, bookmarks or screenshots. It travels only as the
// `x-compass-token` header from then on.
const KEY = "compass-token";
const SHAPE = /^[0-9a-f]{16,128}$/;

export function takeToken(): string | null {
  const url = new URL(window.location.href);
  const given = url.searchParams.get("token");
  if (given !== null) {
    url.searchParams.delete("token");
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
    if (SHAPE.test(given)) {
      sessionStorage.setItem(KEY, given);
      return given;
    }
    sessionStorage.removeItem(KEY);
    return null;
  }
  const kept = sessionStorage.getItem(KEY);
  return kept !== null && SHAPE.test(kept) ? kept : null;
}

/// A board URL pasted after a daemon restart (the token changes per start).
export function tokenFromUrl(text: string): string | null {
  try {
    const given = new URL(text.trim()).searchParams.get("token");
    if (given !== null && SHAPE.test(given)) {
      sessionStorage.setItem(KEY, given);
      return given;
    }
  } catch {
    // not a URL
  }
  return null;
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}
