// Opens a notebook in a running JupyterLab (argv[2]: its URL with the token) in headless
// Chromium, runs its one cell and prints what the lab in the output drew as one JSON line.
import { pathToFileURL } from "node:url";

const { chromium } = await import(pathToFileURL(process.env.STRIDES_PLAYWRIGHT).href);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const seen = { problems: [] };
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on("pageerror", (e) => seen.problems.push(String(e)));
  await page.goto(process.argv[2]);
  await page.waitForSelector(".jp-Notebook .jp-Cell .cm-content", { timeout: 120000 });
  // The kernel is ready when the status bar says so ("Python 3 (ipykernel) | Idle").
  await page.waitForFunction(() => /\|\s*Idle/.test(document.querySelector(".jp-StatusBar-Widget, #jp-main-statusbar")?.textContent ?? ""),
    null, { timeout: 120000 });
  await page.click(".jp-Notebook .jp-Cell .cm-content >> nth=0");
  await page.keyboard.press("Shift+Enter");
  await page.waitForSelector(".jp-OutputArea [data-role=strides]", { timeout: 60000 });
  seen.strides = await page.locator(".jp-OutputArea [data-role=strides]").first().innerText();
  seen.program = await page.locator(".jp-OutputArea [data-role=expression]").first().inputValue();
  // The second cell: a quiz of one question; answer it in the widget.
  await page.keyboard.press("Shift+Enter");
  const card = page.locator(".jp-OutputArea .quiz-card [data-role=answer]");
  await card.waitFor({ timeout: 60000 });
  await card.fill("48");
  await page.locator(".jp-OutputArea .quiz-card [data-role=check]").click();
  await page.waitForTimeout(1000);
  // The third cell prints what reached the kernel.
  await page.click(".jp-Notebook .jp-Cell .cm-content >> nth=2");
  await page.keyboard.press("Shift+Enter");
  const printed = page.locator(".jp-Cell >> nth=2").locator(".jp-OutputArea-output");
  await printed.waitFor({ timeout: 60000 });
  seen.kernel = (await printed.innerText()).trim();
  if (process.argv[3]) await page.screenshot({ path: process.argv[3] });
} catch (e) {
  seen.failure = String(e);
  const page = browser.contexts()[0]?.pages()[0];
  seen.output = await page?.locator(".jp-Notebook").first().innerText().catch(() => null);
  if (process.argv[3] && page) await page.screenshot({ path: process.argv[3] }).catch(() => {});
} finally {
  await browser.close();
}
console.log(JSON.stringify(seen));
