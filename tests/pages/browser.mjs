// Shared by the page tests and the benchmark: headless Chromium (the machine's own, driven by
// playwright-core from target/tools), the served bundle's URL, and a few page helpers.
import { pathToFileURL } from "node:url";

const { chromium } = await import(pathToFileURL(process.env.STRIDES_PLAYWRIGHT).href);

export const BASE = process.env.STRIDES_URL ?? "http://127.0.0.1:8000/";

/** A fresh browser (headless, no network beyond localhost, as this machine requires). */
export async function browser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
}

/** A page that records console errors, page errors and CSP violations. */
export async function page(b, options = {}) {
  const p = await b.newPage({ viewport: { width: 1280, height: 900 }, ...options });
  p.problems = [];
  p.on("console", (m) => { if (m.type() === "error" && !m.text().includes("favicon")) p.problems.push(m.text()); });
  p.on("pageerror", (e) => p.problems.push(String(e)));
  await p.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
  });
  return p;
}

/** Opens `path` of the bundle and waits for a lab. */
export async function open(p, path = "", selector = ".strides-lab .grid [data-index]") {
  await p.goto(new URL(path, BASE).href);
  await p.waitForSelector(selector, { timeout: 20000 });
}

/**
 * Focuses a code box (its textarea, `selector`: the program box or a code answer) and waits until
 * the code editor, loaded on that first focus, has taken it over and holds the focus.
 */
export async function focusEditor(p, selector = "[data-role=expression]") {
  await p.focus(selector);
  await p.waitForFunction((sel) => {
    const box = document.querySelector(sel);
    return box?.dataset.editor === "on" && box.nextElementSibling?.contains(document.activeElement);
  }, selector, { timeout: 10000 });
}
