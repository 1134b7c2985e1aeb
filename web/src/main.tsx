// Entry point: mount the Bridge.
import { createRoot } from "react-dom/client";
import { App } from "./ui/App.js";

const root = document.getElementById("root");
if (root) createRoot(root).render(<App />);
