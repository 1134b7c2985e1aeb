// What a visitor without a (valid) token sees: how to get the board URL.
// No data is shown: every RPC needs the token.
export function HowTo({ wrong }: { wrong: boolean }) {
  return (
    <main className="howto" data-testid="howto">
      <h1>Compass Bridge</h1>
      <p>
        {wrong
          ? "This board link's token is not (or no longer) valid: the daemon makes a new one each time it starts."
          : "This page needs the board link with its access token."}
      </p>
      <p>Open the URL the daemon printed when it started, or ask it for the current one:</p>
      <pre>compass status</pre>
      <p>
        The line <code>board: http://127.0.0.1:…/?token=…</code> is the link. The token is moved out of the
        address bar as soon as the page loads and is kept for this tab only.
      </p>
    </main>
  );
}
