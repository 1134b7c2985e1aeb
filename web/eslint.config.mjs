// The page reaches the daemon only through the generated compass.v1 client
// and its transport (src/client.ts): raw network APIs are refused anywhere
// else, and HTML is never injected (agent output and issue text are text).
import tseslint from "typescript-eslint";

const network = ["fetch", "WebSocket", "XMLHttpRequest", "EventSource"];
const banned = network.map((name) => ({
  name,
  message: "Reach the daemon through the generated client in src/client.ts.",
}));
const syntax = [
  ...network.map((name) => ({
    selector: `MemberExpression[property.name='${name}']`,
    message: "Reach the daemon through the generated client in src/client.ts.",
  })),
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: "Render text as text.",
  },
  {
    selector: "MemberExpression[property.name=/^(innerHTML|outerHTML)$/]",
    message: "Render text as text.",
  },
  {
    selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
    message: "Render text as text.",
  },
];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "src/gen/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.ts", "src/**/*.tsx"],
    rules: {
      "no-restricted-globals": ["error", ...banned],
      "no-restricted-syntax": ["error", ...syntax],
    },
  },
  {
    // The modules allowed to open connections: Connect's transport, and
    // the raw shell's WebSocket.
    files: ["src/client.ts", "src/shellSocket.ts"],
    rules: { "no-restricted-globals": "off", "no-restricted-syntax": "off" },
  },
);
