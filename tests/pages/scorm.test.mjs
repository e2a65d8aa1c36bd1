// `strides quiz scorm`'s package in a real SCORM runtime (issue 27): the package is written by the
// CLI from the example course file and the release bundle, unpacked by Python's zipfile, and served
// on loopback beside a stand-in LMS page whose window.API is npm's scorm-again (Scorm12API, or
// Scorm2004API for --version 2004), the launch page in an iframe as an LMS shows it. A learner
// answers right and wrong; the runtime holds the score and status the bridge reported; the page
// goes (LMSFinish); a new browser (nothing in localStorage) launches again with the cmi data the
// LMS kept, and the progress comes back.
//
// The right answers are the CLI's own keys for the variant each card shows (`strides quiz lint`,
// checked against NumPy 2.4.6 in crates/quiz's tests).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { browser, page } from "./browser.mjs";

const CLI = process.env.STRIDES_CLI;
const RUNTIME = process.env.STRIDES_SCORM_AGAIN;
const REPO = fileURLToPath(new URL("../../", import.meta.url));
const DIST = process.env.STRIDES_DIST ?? join(REPO, "dist");
const COURSE = join(REPO, "questions/examples/course.json");
const SHOTS = new URL("../../target/screenshots/", import.meta.url);
const skip = !CLI || !RUNTIME ? "needs STRIDES_CLI and STRIDES_SCORM_AGAIN (cargo xtask test sets them)" : false;

/** The keys `strides quiz lint` computes: keys[id][variant]. */
function keys() {
  const out = {};
  for (const line of execFileSync(CLI, ["quiz", "lint", COURSE], { encoding: "utf8" }).trim().split("\n")) {
    const { id, variant, key } = JSON.parse(line);
    (out[id] ??= [])[variant] = key;
  }
  return out;
}

/** Writes the package with the CLI and unpacks it with Python's zipfile; returns the folder. */
function unpacked(version, extra = []) {
  const dir = mkdtempSync(join(tmpdir(), "strides-scorm-"));
  const zip = join(dir, "course.zip");
  const said = JSON.parse(execFileSync(CLI, ["quiz", "scorm", "--questions", COURSE, "-o", zip, "--dist", DIST,
    "--version", version, "--lang", "en", ...extra], { encoding: "utf8" }));
  assert.equal(said.version, version);
  assert.equal(said.questions, 11);
  execFileSync("python3", ["-m", "zipfile", "-e", zip, join(dir, "content")]);
  return join(dir, "content");
}

// The stand-in LMS: scorm-again as window.API (or API_1484_11), started with the cmi data the
// test gives (window.__cmi, flattened), the package's launch page in an iframe, and a table of
// the values the runtime holds, drawn again after each commit.
const LMS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test LMS</title><link rel="icon" href="data:,">
<style>
  body { font: 14px system-ui, sans-serif; margin: 12px; display: grid; grid-template-columns: 1fr 340px; gap: 12px; }
  iframe { width: 100%; height: 820px; border: 1px solid #888; }
  table { border-collapse: collapse; font-size: 12px; } td, th { border: 1px solid #aaa; padding: 3px 6px; text-align: left; vertical-align: top; }
  td.v { font-family: monospace; word-break: break-all; max-width: 200px; }
</style>
<script src="/runtime/RUNTIME_FILE"></script>
<script src="/lms/lms.js"></script>
</head><body>
<iframe id="sco" title="The course's SCORM package" src="FRAME_SRC"></iframe>
<aside><h2>What the LMS holds (scorm-again, SCORM VERSION)</h2><table id="cmi"></table></aside>
</body></html>`;

const LMS_SCRIPT = `
const v12 = typeof Scorm12API !== "undefined";
const api = v12 ? new Scorm12API({ logLevel: 4 }) : new Scorm2004API({ logLevel: 4 });
if (window.__cmi) api.loadFromFlattenedJSON(window.__cmi);
window[v12 ? "API" : "API_1484_11"] = api;
window.__calls = [];
const keys = v12
  ? ["cmi.core.lesson_status", "cmi.core.score.raw", "cmi.core.score.min", "cmi.core.score.max", "cmi.core.exit", "cmi.core.session_time", "cmi.suspend_data"]
  : ["cmi.completion_status", "cmi.success_status", "cmi.score.raw", "cmi.score.scaled", "cmi.score.min", "cmi.score.max", "cmi.exit", "cmi.session_time", "cmi.suspend_data"];
// The runtime's own JSON of its data (write-only elements, such as exit, are read this way only).
window.__read = () => {
  const cmi = JSON.parse(JSON.stringify(api.cmi));
  return Object.fromEntries(keys.map((k) => [k, String(k.split(".").slice(1).reduce((o, part) => o?.[part], cmi) ?? "")]));
};
function draw() {
  const table = document.getElementById("cmi");
  if (!table) return;
  table.replaceChildren(...Object.entries(window.__read()).map(([k, v]) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th"); th.textContent = k;
    const td = document.createElement("td"); td.className = "v"; td.textContent = v;
    tr.append(th, td);
    return tr;
  }));
}
for (const name of v12 ? ["LMSInitialize", "LMSCommit", "LMSFinish"] : ["Initialize", "Commit", "Terminate"]) {
  api.on(name, () => { window.__calls.push(name); setTimeout(draw, 0); });
}
document.addEventListener("DOMContentLoaded", draw);
`;

/** Serves /lms/ (the stand-in LMS), /runtime/ (scorm-again) and /content/ (the package) on loopback. */
async function serve(content, version) {
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json",
    ".wasm": "application/wasm", ".svg": "image/svg+xml", ".xml": "application/xml" };
  const roots = { "/content/": content, "/runtime/": RUNTIME };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    // index.html holds the package's page; nested.html holds it one frame deeper (a player page
    // of the LMS between them), where the bridge must look further up for the API.
    if (path === "/lms/index.html" || path === "/lms/nested.html") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(LMS_PAGE.replace("RUNTIME_FILE", version === "2004" ? "scorm2004.min.js" : "scorm12.min.js").replace("VERSION", version)
        .replace("FRAME_SRC", path === "/lms/index.html" ? "/content/strides-scorm.html" : "/lms/player.html"));
      return;
    }
    if (path === "/lms/player.html") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Player</title><link rel="icon" href="data:,"></head>
        <body style="margin:0"><iframe title="SCO" src="/content/strides-scorm.html" style="width:100%;height:800px;border:0"></iframe></body></html>`);
      return;
    }
    if (path === "/lms/lms.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end(LMS_SCRIPT);
      return;
    }
    for (const [prefix, root] of Object.entries(roots)) {
      if (!path.startsWith(prefix)) continue;
      const file = normalize(join(root, path.slice(prefix.length)));
      if (!file.startsWith(root)) break;
      try {
        if (statSync(file).isFile()) {
          res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
          res.end(readFileSync(file));
          return;
        }
      } catch { /* not found */ }
    }
    console.error(`404 ${path}`);
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

/** Opens the LMS page with `cmi` as the runtime's starting data; resolves to the page and the package's frame. */
async function launch(b, base, cmi, where = "index.html") {
  const context = await b.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await page(context);
  if (cmi) await p.addInitScript((data) => { window.__cmi = data; }, cmi);
  await p.goto(`${base}/lms/${where}`);
  const frame = where === "index.html" ? p.frameLocator("#sco") : p.frameLocator("#sco").frameLocator("iframe");
  await frame.locator(".quiz-card").waitFor({ timeout: 30000 });
  return { context, p, frame };
}

/** Answers question `id` in the package's frame with `typed` (the key for its variant when `typed` is a function). */
async function answer(frame, id, typed) {
  await frame.locator(`.quiz-nav [data-question="${id}"]`).click();
  const card = frame.locator(`.quiz-card[data-question="${id}"]`);
  await card.waitFor();
  const variant = Number(await card.getAttribute("data-variant") ?? 0);
  const text = typeof typed === "function" ? typed(variant) : typed;
  await frame.locator(".quiz-card [data-role=answer]").fill(text);
  await frame.locator(".quiz-card [data-role=check]").click();
  await frame.locator(".quiz-card [data-role=feedback]").waitFor();
  return { variant, correct: await frame.locator(".quiz-card [data-role=feedback]").getAttribute("data-correct") };
}

/** Waits until the runtime holds `key` = `value`. */
async function holds(p, key, value) {
  await p.waitForFunction(([k, v]) => window.__read()[k] === v, [key, value], { timeout: 10000 })
    .catch(async () => assert.fail(`${key}: wanted ${value}, the runtime holds ${JSON.stringify(await p.evaluate(() => window.__read()))}`));
}

test("a SCORM 1.2 package reports score and status to scorm-again, and its progress comes back on the next launch", { skip }, async () => {
  const key = keys();
  const content = unpacked("1.2", ["--mastery", "25"]);
  const { server, base } = await serve(content, "1.2");
  const b = await browser();
  try {
    // First launch: nothing saved.
    let { context, p, frame } = await launch(b, base);
    await holds(p, "cmi.core.lesson_status", "incomplete");
    assert.deepEqual(await p.evaluate(() => window.__calls), ["LMSInitialize", "LMSCommit"]);
    const right = (id) => (n) => key[id][n];
    const seen = {};
    seen.transpose = await answer(frame, "c1-strides-transpose", right("c1-strides-transpose"));
    assert.equal(seen.transpose.correct, "true");
    // One right of 11: round(100 / 11) = 9.
    await holds(p, "cmi.core.score.raw", "9");
    assert.equal((await p.evaluate(() => window.__read()))["cmi.core.score.max"], "100");
    assert.equal((await p.evaluate(() => window.__read()))["cmi.core.score.min"], "0");
    // Wrong: the same strides in elements where bytes are asked. Still 1 of 11.
    seen.bytes = await answer(frame, "c1-strides-bytes", "(1, 12, 4)");
    assert.equal(seen.bytes.correct, "false");
    seen.position = await answer(frame, "c1-position-slice", right("c1-position-slice"));
    await holds(p, "cmi.core.score.raw", "18");
    await holds(p, "cmi.core.lesson_status", "incomplete");
    // The third right answer reaches the mastery score the package was made with (25): 27.
    seen.nbytes = await answer(frame, "c1-nbytes", right("c1-nbytes"));
    await holds(p, "cmi.core.score.raw", "27");
    await holds(p, "cmi.core.lesson_status", "passed");
    const during = await p.evaluate(() => window.__read());
    const data = JSON.parse(during["cmi.suspend_data"]);
    assert.equal(data.v, 1);
    assert.deepEqual(data.a["c1-strides-bytes"], [1, 0, "(1, 12, 4)"]);
    assert.deepEqual(Object.keys(data.a).sort(), ["c1-nbytes", "c1-position-slice", "c1-strides-bytes", "c1-strides-transpose"]);
    assert.equal(data.n["c1-nbytes"], seen.nbytes.variant);
    mkdirSync(SHOTS, { recursive: true });
    await p.screenshot({ path: new URL("scorm12-runtime.png", SHOTS).pathname });

    // The learner leaves: the iframe goes, and the bridge finishes the session.
    await p.evaluate(() => document.getElementById("sco").remove());
    await p.waitForFunction(() => window.__calls.includes("LMSFinish"));
    const kept = await p.evaluate(() => window.__read());
    assert.equal(kept["cmi.core.exit"], "suspend");
    assert.match(kept["cmi.core.session_time"], /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
    assert.equal(kept["cmi.core.score.raw"], "27");
    assert.deepEqual(p.problems, []);
    await context.close();

    // The next launch, in another browser: the LMS starts its runtime with the data it kept.
    ({ context, p, frame } = await launch(b, base, {
      "cmi.suspend_data": kept["cmi.suspend_data"],
      "cmi.core.lesson_status": kept["cmi.core.lesson_status"],
      "cmi.core.score.raw": kept["cmi.core.score.raw"],
    }));
    const nav = (id) => frame.locator(`.quiz-nav [data-question="${id}"]`).getAttribute("data-state");
    await frame.locator('.quiz-nav [data-question="c1-nbytes"][data-state="right"]').waitFor({ timeout: 10000 });
    assert.equal(await nav("c1-strides-transpose"), "right");
    assert.equal(await nav("c1-position-slice"), "right");
    assert.equal(await nav("c1-strides-bytes"), "wrong");
    // The same variants as before (the seed came back with the progress), the last answer shown.
    await frame.locator('.quiz-nav [data-question="c1-nbytes"]').click();
    assert.equal(Number(await frame.locator('.quiz-card[data-question="c1-nbytes"]').getAttribute("data-variant")), seen.nbytes.variant);
    // Nothing reported until the learner answers: the LMS keeps what it held.
    await holds(p, "cmi.core.score.raw", "27");
    await answer(frame, "c1-strides-bytes", right("c1-strides-bytes"));
    await holds(p, "cmi.core.score.raw", "36");
    const again = JSON.parse((await p.evaluate(() => window.__read()))["cmi.suspend_data"]);
    assert.deepEqual(again.a["c1-strides-bytes"].slice(0, 2), [2, 1]);
    assert.equal(again.s, data.s);
    await p.screenshot({ path: new URL("scorm12-resumed.png", SHOTS).pathname });
    assert.deepEqual(p.problems, []);
    assert.equal(await p.evaluate(() => String(window.API.LMSGetLastError())), "0");
    await context.close();
  } finally {
    await b.close();
    server.close();
  }
});

test("a SCORM 2004 package reports cmi.score.scaled, completion and success to Scorm2004API", { skip }, async () => {
  const key = keys();
  const content = unpacked("2004");
  const { server, base } = await serve(content, "2004");
  const b = await browser();
  try {
    const { context, p, frame } = await launch(b, base);
    await holds(p, "cmi.completion_status", "incomplete");
    await answer(frame, "c1-value-transpose", () => key["c1-value-transpose"][0]);
    await holds(p, "cmi.score.raw", "9");
    await holds(p, "cmi.score.scaled", "0.09");
    await holds(p, "cmi.success_status", "unknown");
    await p.evaluate(() => document.getElementById("sco").remove());
    await p.waitForFunction(() => window.__calls.includes("Terminate"));
    const kept = await p.evaluate(() => window.__read());
    assert.equal(kept["cmi.exit"], "suspend");
    assert.match(kept["cmi.session_time"], /^PT\d+H\d+M[\d.]+S$/);
    assert.deepEqual(JSON.parse(kept["cmi.suspend_data"]).a["c1-value-transpose"].slice(0, 2), [1, 1]);
    assert.deepEqual(p.problems, []);
    await context.close();
  } finally {
    await b.close();
    server.close();
  }
});

test("suspend_data stays within SCORM 1.2's 4096 characters, shortened in the documented steps", { skip }, async () => {
  const content = unpacked("1.2");
  const { server, base } = await serve(content, "1.2");
  const b = await browser();
  try {
    const { context, p } = await launch(b, base);
    const seen = await p.frameLocator("#sco").locator("body").evaluate(async () => {
      const { compact, expand, score, status } = await import("./strides-scorm.js");
      const ids = Array.from({ length: 300 }, (_, k) => `course-question-${String(k).padStart(3, "0")}`);
      const answers = Object.fromEntries(ids.map((id, k) => [id, { answered: 1, correct: k % 3 !== 0, last: "(1, 20, 5) ".repeat(3) }]));
      const state = { format: "strides-lab/state@1", seed: 77, variants: Object.fromEntries(ids.map((id) => [id, 1])), answers };
      const few = ids.slice(0, 10);
      const small = compact(state, few, 4096);
      const big = compact(state, ids, 4096);
      const back = expand(big.text);
      return {
        small: [small.shortened, expand(small.text).answers[few[1]], expand(small.text).variants[few[1]]],
        big: [big.text.length, big.shortened, Object.keys(back.answers).length, back.seed,
          Object.values(back.answers).every((a) => a.correct), back.answers[ids[1]]],
        score: score(state, few), status: [status(state, few, 100), status(state, few, 60), status({ answers: {} }, few, 100)],
        foreign: expand("not ours"),
      };
    });
    assert.deepEqual(seen.small, [[], { answered: 1, correct: true, last: "(1, 20, 5) (1, 20, 5) (1, 20, 5) " }, 1]);
    const [length, shortened, kept, seed, allRight, one] = seen.big;
    assert.ok(length <= 4096, `${length}`);
    assert.equal(shortened[0], "variants");
    assert.equal(shortened[1], "texts");
    assert.match(shortened[2], /^questions: \d+$/);
    // The 100 wrong ones go first; of the 200 right ones, those that fit stay.
    assert.ok(kept > 100 && kept < 200, `${kept}`);
    assert.equal(300 - kept, Number(shortened[2].split(": ")[1]));
    assert.equal(seed, 77);
    assert.ok(allRight);
    assert.deepEqual(one, { answered: 1, correct: true, last: "" });
    assert.deepEqual(seen.score, { right: 6, total: 10, raw: 60 });
    assert.deepEqual(seen.status, ["completed", "passed", "incomplete"]);
    assert.equal(seen.foreign, null);
    await context.close();
  } finally {
    await b.close();
    server.close();
  }
});

test("the bridge finds the API two frames up, and without an LMS the quiz works and says nothing is reported", { skip }, async () => {
  const key = keys();
  const content = unpacked("1.2");
  const { server, base } = await serve(content, "1.2");
  const b = await browser();
  try {
    const { context, p, frame } = await launch(b, base, null, "nested.html");
    await holds(p, "cmi.core.lesson_status", "incomplete");
    await answer(frame, "c1-value-transpose", () => key["c1-value-transpose"][0]);
    await holds(p, "cmi.core.score.raw", "9");
    assert.equal(await frame.locator("#strides-scorm-notice").isHidden(), true);
    assert.deepEqual(p.problems, []);
    await context.close();

    const alone = await page(b);
    await alone.goto(`${base}/content/strides-scorm.html`);
    await alone.locator(".quiz-card").waitFor({ timeout: 30000 });
    assert.equal(await alone.locator("#strides-scorm-notice").innerText(),
      "No LMS was found around this page: the quiz works, but no score or progress is reported.");
    await alone.locator('.quiz-nav [data-question="c1-value-transpose"]').click();
    await alone.locator(".quiz-card [data-role=answer]").fill(key["c1-value-transpose"][0]);
    await alone.locator(".quiz-card [data-role=check]").click();
    assert.equal(await alone.locator(".quiz-card [data-role=feedback]").getAttribute("data-correct"), "true");
    assert.deepEqual(alone.problems, []);
  } finally {
    await b.close();
    server.close();
  }
});
