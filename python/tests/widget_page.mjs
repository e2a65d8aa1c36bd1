// Opens the page test_widget.py serves (the package's widget module under a stand-in for
// anywidget's model) in headless Chromium, with every request but the page's own refused, and
// prints what the lab drew as one JSON line.
import { pathToFileURL } from "node:url";

const { chromium } = await import(pathToFileURL(process.env.STRIDES_PLAYWRIGHT).href);
const url = process.argv[2];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const seen = { refused: [], problems: [] };
try {
  const page = await browser.newPage();
  const origin = new URL(url).origin;
  await page.route("**/*", (route) => {
    const to = route.request().url();
    if (to.startsWith(origin)) return route.continue();
    seen.refused.push(to);
    return route.abort();
  });
  page.on("pageerror", (e) => seen.problems.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") seen.problems.push(m.text()); });
  await page.goto(url);
  await page.waitForSelector("#one [data-role=strides]", { timeout: 60000 });
  await page.waitForSelector("#two [data-role=strides]", { timeout: 60000 });
  seen.strides = await page.locator("#one [data-role=strides]").innerText();
  seen.shape = await page.locator("#one [data-role=shape]").innerText().catch(() => null);
  seen.program = await page.locator("#one [data-role=expression]").inputValue();
  seen.second = await page.locator("#two [data-role=strides]").innerText();
  seen.lang = await page.locator("#two .strides-lab").getAttribute("lang");
  if (process.argv[3]) await page.locator("#two").screenshot({ path: process.argv[3] });
  // A trait that changes reaches the lab.
  await page.evaluate(() => window.models.one.change("expr", "x = np.arange(6)\nx[::2]"));
  await page.waitForFunction(() => document.querySelector("#one [data-role=strides]")?.textContent === "(2,)", null, { timeout: 20000 });
  seen.changed = await page.locator("#one [data-role=strides]").innerText();
  // The engine's worker started from its blob: URL and loaded the engine's module inside it.
  const engine = page.workers().find((w) => w.url().startsWith("blob:"));
  seen.engine = engine ? await engine.evaluate(async () => {
    for (let k = 0; k < 300 && self.strideslabEngine !== "ready"; k++) await new Promise((r) => setTimeout(r, 100));
    return self.strideslabEngine ?? "not started";
  }) : "no worker";
  seen.workers = page.workers().length;
  seen.stylesheet = await page.evaluate(() => [...document.querySelectorAll("link[rel=stylesheet]")].map((l) => l.href.split(":")[0]));
} finally {
  await browser.close();
}
console.log(JSON.stringify(seen));
