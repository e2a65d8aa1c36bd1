// The lab's budgets, measured in real headless Chromium (run by `cargo xtask bench`).
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { execFileSync } from "node:child_process";
import { browser, page, open, BASE } from "./browser.mjs";

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const rows = [];
const report = (what, value, unit, budget, ok) => rows.push({ what, value, unit, budget, ok });

// 1. Transfer: what index.html loads before the lab can be pointed at (the page's module, which
// draws the first screen from the build's replies), and everything it may ever load (the engine's
// worker and module, loaded beside the first screen, and the code editor, loaded on the first
// focus of a code box), gzip -9.
const dist = join(process.cwd(), "dist");
const first = ["index.html", "pkg/strides_lab_bg.wasm", "pkg/strides_lab.js", "web/main.js", "web/strides-lab.js", "web/style.css", "web/favicon.svg"];
const later = ["web/engine-worker.js", "pkg/lab_engine.js", "pkg/lab_engine_bg.wasm", "web/editor.js"];
const gzipOf = (f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
const parts = first.concat(later).map((f) => `${f} ${gzipOf(f)}`);
const gz = first.reduce((n, f) => n + gzipOf(f), 0);
const ever = gz + later.reduce((n, f) => n + gzipOf(f), 0);
report("first load, gzip -9 (wasm, JS, CSS, HTML)", (gz / 1024).toFixed(1), "KB", "≤ 250 KB", gz <= 250 * 1024);
report("everything index.html may ever load, gzip -9", (ever / 1024).toFixed(1), "KB", "≤ 800 KB", ever <= 800 * 1024);

const b = await browser();
const p = await page(b);

// 2. Start: navigation to an interactive grid (a focusable cell), median of repeated loads.
await p.addInitScript(() => {
  new MutationObserver((_, obs) => {
    if (document.querySelector(".grid [data-index][tabindex='0']")) { window.__ready = performance.now(); obs.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
});
const starts = [];
for (let k = 0; k < 15; k++) {
  await p.goto(BASE);
  await p.waitForFunction(() => window.__ready !== undefined);
  starts.push(await p.evaluate(() => window.__ready));
}
report("start: navigation to an interactive grid (median of 15)", median(starts).toFixed(1), "ms", "≤ 150 ms", median(starts) <= 150);

// 3. Interaction on the attention-heads tensor transposed (1,280 cells, 1,280 memory cells).
await open(p, "?expr=" + encodeURIComponent("out = torch.arange(1280.0).reshape(2, 4, 10, 16)\nout.transpose(1, 2)"));
const moves = await p.evaluate(async () => {
  const cells = [...document.querySelectorAll(".grid [data-index]")];
  const times = [];
  const untouched = new WeakSet();
  for (const c of cells) untouched.add(c);
  for (let k = 0; k < 60; k++) {
    const cell = cells[(k * 97) % cells.length];
    const done = new Promise((resolve) => {
      const obs = new MutationObserver(() => { if (cell.getAttribute("aria-selected") === "true") { obs.disconnect(); resolve(); } });
      obs.observe(cell, { attributes: true });
    });
    const t0 = performance.now();
    cell.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    await done;
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  // The cells themselves are the same elements after all the moves: not re-created.
  const same = cells.every((c) => c.isConnected);
  return { times, same };
});
const moved = median(moves.times);
report("pointing at another cell of the 1,280-cell tensor (median of 60)", moved.toFixed(2), "ms", "< 4 ms", moved < 4);
report("…cells kept (not re-created) across those moves", moves.same ? "yes" : "no", "", "yes", moves.same);

// 4. A 1,000,000-element array: its summarized view. `typed` types a program in the program box
// of a freshly opened lab, presses Enter and times it to the drawn cell `last` (median of 5).
const typed = async (program, last) => {
  const times = [];
  for (let k = 0; k < 5; k++) {
    await open(p);
    times.push(await p.evaluate(async ([program, last]) => {
      const area = document.querySelector("[data-role=expression]");
      area.value = program;
      const done = new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          if (document.querySelector(`.grid [data-index='${last}']`)) { obs.disconnect(); resolve(); }
        });
        obs.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      const t0 = performance.now();
      area.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
      await done;
      return performance.now() - t0;
    }, [program, last]));
  }
  return median(times);
};
const large = await typed("x = np.arange(1000000.0).reshape(1000, 1000)\nx", "999,999");
report("1,000,000 elements: program to summarized view (median of 5)", large.toFixed(1), "ms", "< 50 ms", large < 50);

// 5. Evaluating a typed program of a few operations.
const evalMs = await p.evaluate(async () => {
  const engine = await import("/pkg/lab_engine.js");
  await engine.default({ module_or_path: "/pkg/lab_engine_bg.wasm" });
  return engine.timeEvaluation("x = np.arange(12.0).reshape(3, 4)\ny = x.T[::2]\ny.reshape(6)", 2000);
});
report("evaluating `x = …; y = x.T[::2]; y.reshape(6)`", (evalMs * 1000).toFixed(1), "µs", "< 50 µs", evalMs * 1000 < 50);

// 6. Issue 26's float budgets, typed in the program box as a learner types them and timed to the
// drawn result: seed 001's matmul of two random 1024×1024 float32 arrays (its layout and the
// corners the page shows, computed when read) and a NumPy softmax over a (64, 1024) float32 array.
const matmulMs = await typed(`a = np.random.randn(1024, 1024).astype(np.float32)
b = np.random.randn(1024, 1024).astype(np.float32)
np.matmul(a.T, b)`, "1023,1023");
report("seed 001's `np.matmul(a.T, b)`, random 1024×1024 float32, typed to drawn (median of 5)", matmulMs.toFixed(1), "ms", "< 200 ms", matmulMs < 200);
const softmaxMs = await typed(`x = np.random.randn(64, 1024).astype(np.float32)
e = np.exp(x - x.max(axis=1, keepdims=True))
e / e.sum(axis=1, keepdims=True)`, "63,1023");
report("NumPy softmax over (64, 1024) float32, typed to drawn (median of 5)", softmaxMs.toFixed(1), "ms", "< 50 ms", softmaxMs < 50);
const learnerMs = await p.evaluate(async () => {
  const engine = await import("/pkg/lab_engine.js");
  await engine.default({ module_or_path: "/pkg/lab_engine_bg.wasm" });
  return engine.timeEvaluation(`x = np.random.default_rng(0).standard_normal((4, 6))
z = (x - x.mean(axis=0)) / x.std(axis=0)
w = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
w.T.shape, w.strides`, 200);
});
report("evaluating a typical learner program (normalise, softmax, a transpose's layout)", (learnerMs * 1000).toFixed(1), "µs", "< 1000 µs", learnerMs < 1);

// 7. Issue 25's phone, as Lighthouse models one: 150 ms round trips, 1.6 Mbps down, a CPU four
// times slower, files served gzipped, every load cold. Timed from navigation to a pointable lab
// (a focusable cell: the pointer then shows its rule) and to a typed program's drawn result; the
// bytes are those that crossed the network by the pointable moment.
const phone = [];
for (let k = 0; k < 5; k++) {
  const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const q = await ctx.newPage();
  const cdp = await ctx.newCDPSession(q);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const finished = [];
  let navigated;
  cdp.on("Network.requestWillBeSent", (e) => { if (navigated === undefined && e.type === "Document") navigated = e.timestamp; });
  cdp.on("Network.loadingFinished", (e) => finished.push([e.timestamp, e.encodedDataLength]));
  await q.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (document.querySelector(".grid [data-index][tabindex='0']")) { window.__ready = performance.now(); obs.disconnect(); }
    }).observe(document, { childList: true, subtree: true });
  });
  await q.goto(BASE, { timeout: 60000 });
  await q.waitForFunction(() => window.__ready !== undefined, null, { timeout: 60000 });
  const ready = await q.evaluate(() => window.__ready);
  const ran = await q.evaluate(async () => {
    const area = document.querySelector("[data-role=expression]");
    area.value = "y = np.arange(24).reshape(2, 3, 4)\ny.transpose(2, 0, 1)";
    const done = new Promise((resolve) => {
      const obs = new MutationObserver(() => {
        if (document.querySelector(".grid [data-index='3,1,2']")) { obs.disconnect(); resolve(); }
      });
      obs.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    area.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    await done;
    return performance.now();
  });
  const bytes = finished.filter(([t]) => navigated !== undefined && (t - navigated) * 1000 <= ready).reduce((n, [, b]) => n + b, 0);
  phone.push({ ready, ran, bytes });
  await ctx.close();
}
const phoneReady = median(phone.map((r) => r.ready));
const phoneBytes = median(phone.map((r) => r.bytes));
const phoneRan = median(phone.map((r) => r.ran));
report("phone: navigation to a pointable lab (median of 5 cold loads)", phoneReady.toFixed(0), "ms", "≤ 2000 ms", phoneReady <= 2000);
report("phone: bytes over the network by then", (phoneBytes / 1024).toFixed(1), "KB", "≤ 250 KB", phoneBytes <= 250 * 1024);
report("phone: navigation to a typed program's drawn result", phoneRan.toFixed(0), "ms", "≤ 4000 ms", phoneRan <= 4000);

// 8. A program that runs for seconds (about 6 s), in the engine's worker: the longest
// main-thread task during its first second (the page's own start is over: the engine has
// started), and Stop's latency then (engine::stop to the run's callback; the worker is terminated
// and a new one started). Median of 5. (tests/pages/worker.test.mjs points at the grid meanwhile.)
const longRuns = [];
for (let k = 0; k < 5; k++) {
  await open(p);
  await p.waitForFunction(async () => (await import("/pkg/strides_lab.js")).engineStarted(), null, { timeout: 30000 });
  await p.waitForTimeout(500);
  longRuns.push(await p.evaluate(async () => {
    const { askEngine, stopEngine } = await import("/pkg/strides_lab.js");
    let longest = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) longest = Math.max(longest, e.duration); })
      .observe({ type: "longtask", buffered: false });
    const program = "x = np.arange(15_000_000)\nx.sum()";
    const asked = askEngine({ Run: { program, dtype: null, entropy: 1n, off_thread: true } }).then(() => performance.now());
    await new Promise((r) => setTimeout(r, 1000));
    const t0 = performance.now();
    stopEngine();
    const t1 = await asked;
    await new Promise((r) => setTimeout(r, 50));
    return { longest, stop: t1 - t0 };
  }));
}
const longestTask = median(longRuns.map((r) => r.longest));
const stopLatency = median(longRuns.map((r) => r.stop));
report("a run that lasts: longest main-thread task meanwhile (median of 5)", longestTask.toFixed(0), "ms", "≤ 50 ms", longestTask <= 50);
report("a run that lasts: Stop to the run's answer (median of 5)", stopLatency.toFixed(1), "ms", "≤ 100 ms", stopLatency <= 100);

await b.close();

// What a course author would otherwise embed: Pyodide (with NumPy), from npm, measured now.
// Pyodide from npm (its tarball, and its wasm gzipped) and NumPy's wheel from PyPI, downloaded now.
const compare = [];
const scratch = mkdtempSync(join(tmpdir(), "strides-bench-"));
try {
  const tarball = execFileSync("npm", ["pack", "pyodide", "--silent", "--pack-destination", scratch], { encoding: "utf8", timeout: 300000 }).trim().split("\n").pop();
  const path = join(scratch, tarball);
  execFileSync("tar", ["-xzf", path, "-C", scratch], { timeout: 120000 });
  const wasm = readFileSync(join(scratch, "package", "pyodide.asm.wasm"));
  compare.push(`${tarball}: ${(statSync(path).size / 1048576).toFixed(1)} MB on npm; its pyodide.asm.wasm alone is ${(gzipSync(wasm, { level: 9 }).length / 1048576).toFixed(1)} MB gzip -9`);
} catch (e) {
  compare.push(`pyodide: not measured (${String(e.message ?? e).split("\n")[0]})`);
}
try {
  execFileSync("python3", ["-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "-d", scratch, "numpy"], { timeout: 300000 });
  const wheel = readdirSync(scratch).find((f) => f.startsWith("numpy-") && f.endsWith(".whl"));
  compare.push(`${wheel}: ${(statSync(join(scratch, wheel)).size / 1048576).toFixed(1)} MB on PyPI`);
} catch (e) {
  compare.push(`numpy: not measured (${String(e.message ?? e).split("\n")[0]})`);
}
rmSync(scratch, { recursive: true, force: true });
const pyodide = compare.join("; ");

console.log("\nStrides Lab budgets (headless Chromium, this machine)\n");
for (const r of rows) {
  console.log(`  ${r.ok ? "within" : "OVER  "}  ${r.what}: ${r.value} ${r.unit}   (budget ${r.budget})`);
}
console.log(`\n  transfer by file (gzip -9 bytes): ${parts.join(", ")}`);
console.log(`  for comparison: ${pyodide}`);
