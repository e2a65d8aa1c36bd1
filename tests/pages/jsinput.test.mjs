// Open edX's JSInput (issue 27), played by the test as edX's jsinput.js plays it: a problem page
// with embed.html in an iframe (one question per problem), the grade and the state read from the
// iframe's window, the state stored and given back to a new learner's page with setState; README's
// grader script run by Python on what JSInput would send it; and, with the lab on another origin
// (JSInput's sop="false"), the same three calls over JSChannel's messages.
//
// NumPy: np.zeros((5, 4), dtype=np.float32).nbytes == 80 (c1-nbytes, variant 1 of 4, picked by
// seed 1; `strides quiz lint` prints the same key).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { browser, page, BASE } from "./browser.mjs";

const SRC = "/embed.html?panels=quiz&question=c1-nbytes&questions=questions/examples/course.json&lang=en";

/** The problem page: the lab from `labOrigin` in JSInput's iframe, and the course's `script`. */
function problemPage(labOrigin, script) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Problem</title><link rel="icon" href="data:,"><script>${script}</script></head>
     <body><iframe name="iframe_input_1" src="${labOrigin}${SRC}" style="width:100%;height:700px"></iframe></body></html>`;
}

/** A course page of `origin` holding the lab from `labOrigin` in JSInput's iframe. */
async function problem(p, origin, labOrigin, script = "") {
  await p.route(`${origin}/edx/problem.html`, (route) => route.fulfill({ contentType: "text/html", body: problemPage(labOrigin, script) }));
  await p.goto(`${origin}/edx/problem.html`);
  return opened(p);
}

async function opened(p) {
  const frame = p.frameLocator("iframe");
  await frame.locator('.quiz-card[data-question="c1-nbytes"]').waitFor({ timeout: 20000 });
  return frame;
}

async function check(frame, typed) {
  await frame.locator(".quiz-card [data-role=answer]").fill(typed);
  await frame.locator(".quiz-card [data-role=check]").click();
  await new Promise((r) => setTimeout(r, 150));
  await frame.locator(".quiz-card [data-role=feedback]").waitFor();
}

/** README's grader: the Python inside the JSInput problem's <script type="loncapa/python">. */
function grader() {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const xml = [...readme.matchAll(/```xml\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes("<jsinput"));
  assert.ok(xml, "README shows the JSInput problem");
  const python = xml.match(/<!\[CDATA\[([\s\S]*?)\]\]>/)[1];
  assert.match(xml, /gradefn="getGrade" get_statefn="getState" set_statefn="setState"/);
  return python;
}

test("JSInput reads the grade and the state from embed.html's window, and a new page takes the state back", async () => {
  const b = await browser();
  try {
    const origin = new URL(BASE).origin;
    let context = await b.newContext();
    let p = await page(context);
    await p.addInitScript(() => localStorage.setItem("strides-lab.variant-seed", "1"));
    let frame = await problem(p, origin, "");
    const call = (fn, arg) => p.evaluate(([f, a]) => document.querySelector("iframe").contentWindow[f](a), [fn, arg]);
    assert.deepEqual(JSON.parse(await call("getGrade")),
      { questionId: "c1-nbytes", variant: 1, response: "", correct: false, answered: 0, diagnosis: null });
    await check(frame, "20");
    const wrong = JSON.parse(await call("getGrade"));
    assert.deepEqual([wrong.response, wrong.correct, wrong.answered], ["20", false, 1]);
    assert.notEqual(wrong.diagnosis, "correct");
    await check(frame, "80");
    const grade = await call("getGrade");
    assert.deepEqual(JSON.parse(grade),
      { questionId: "c1-nbytes", variant: 1, response: "80", correct: true, answered: 2, diagnosis: "correct" });
    // What JSInput puts in the problem's input when it has a state getter and setter.
    const stored = await p.evaluate(() => {
      const w = document.querySelector("iframe").contentWindow;
      return JSON.stringify({ answer: w.getGrade(), state: unescape(w.getState()) });
    });
    const state = JSON.parse(JSON.parse(stored).state);
    assert.equal(state.format, "strides-lab/state@1");
    assert.deepEqual(state.answers["c1-nbytes"], { answered: 2, correct: true, last: "80" });

    // README's grader, run by Python on that input: right, then a wrong one.
    const run = (input) => JSON.parse(execFileSync("python3", ["-c",
      `${grader()}\nimport json, sys\nprint(json.dumps(check(None, sys.argv[1])))`, input], { encoding: "utf8" }));
    assert.deepEqual(run(stored).ok, true);
    const wrongInput = JSON.stringify({ answer: JSON.stringify(wrong), state: "{}" });
    const verdict = run(wrongInput);
    assert.equal(verdict.ok, false);
    assert.match(verdict.msg, /20/);
    const unchecked = run(JSON.stringify({ answer: JSON.stringify({ questionId: "c1-nbytes", response: "", correct: false, answered: 0 }), state: "" }));
    assert.equal(unchecked.ok, false);
    assert.match(unchecked.msg, /Check/);
    assert.deepEqual(p.problems, []);
    await context.close();

    // Another visit, another browser (another seed): JSInput gives the stored state back as soon
    // as setState exists, before the lab has started.
    context = await b.newContext();
    p = await page(context);
    await p.addInitScript(() => localStorage.setItem("strides-lab.variant-seed", "2"));
    await p.addInitScript((s) => {
      const tryIt = () => {
        const w = document.querySelector("iframe")?.contentWindow;
        if (w?.setState) w.setState(s);
        else setTimeout(tryIt, 10);
      };
      if (window === window.top) document.addEventListener("DOMContentLoaded", tryIt);
    }, JSON.parse(stored).state);
    frame = await problem(p, origin, "");
    await frame.locator('.quiz-nav [data-question="c1-nbytes"][data-state="right"]').waitFor({ timeout: 10000 });
    assert.equal(await frame.locator(".quiz-card").getAttribute("data-variant"), "1");
    const back = JSON.parse(await p.evaluate(() => document.querySelector("iframe").contentWindow.getGrade()));
    assert.deepEqual([back.response, back.correct, back.answered, back.variant], ["80", true, 2, 1]);
    // What getState gave before the lab had started ("null") changes nothing and says nothing.
    await p.evaluate(() => document.querySelector("iframe").contentWindow.setState("null"));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await frame.locator("[data-role=progress-notice]").count(), 0);
    assert.equal(await frame.locator('.quiz-nav [data-question="c1-nbytes"]').getAttribute("data-state"), "right");
    // A "%" in an answer survives JSInput's unescape(): the state is written without one.
    await p.evaluate(() => document.querySelector("iframe").contentWindow.setState({
      format: "strides-lab/state@1", answers: { "c1-nbytes": { answered: 3, correct: false, last: "%41 50%" } } }));
    await frame.locator('.quiz-nav [data-question="c1-nbytes"][data-state="wrong"]').waitFor({ timeout: 10000 });
    const text = await p.evaluate(() => document.querySelector("iframe").contentWindow.getState());
    assert.ok(!text.includes("%"), text);
    assert.equal(JSON.parse(unescape(text)).answers["c1-nbytes"].last, "%41 50%");
    assert.deepEqual(p.problems, []);
    await context.close();
  } finally {
    await b.close();
  }
});

test("with the lab on another origin, JSInput's JSChannel messages reach the same three functions", async () => {
  const b = await browser();
  let server = null;
  try {
    const lab = new URL(BASE).origin;   // http://127.0.0.1:PORT
    // The parent side of JSChannel's protocol, as jsinput.js builds it (scope "JSInput").
    const body = problemPage(lab, `
      window.__got = [];
      const waiting = {};
      let next = 1;
      window.addEventListener("message", (e) => {
        if (typeof e.data !== "string") return;
        const m = JSON.parse(e.data);
        window.__got.push(m);
        if (m.method === "JSInput::__ready" && m.params === "ping") {
          e.source.postMessage(JSON.stringify({ method: "JSInput::__ready", params: "pong" }), e.origin);
        }
        if (m.id !== undefined && waiting[m.id]) { waiting[m.id](m); delete waiting[m.id]; }
      });
      window.__call = (method, params) => new Promise((resolve) => {
        const id = next++;
        waiting[id] = resolve;
        document.querySelector("iframe").contentWindow.postMessage(
          JSON.stringify({ id, method: "JSInput::" + method, params }), "${lab}");
      });
      window.__ping = () => document.querySelector("iframe").contentWindow.postMessage(
          JSON.stringify({ method: "JSInput::__ready", params: "ping" }), "${lab}");`);
    // The course on another origin (another port of loopback), as edX's is.
    server = createServer((req, res) => { res.writeHead(200, { "content-type": "text/html" }); res.end(body); });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    const p = await page(b);
    await p.addInitScript(() => localStorage.setItem("strides-lab.variant-seed", "1"));
    await p.goto(`http://127.0.0.1:${server.address().port}/edx/problem.html`);
    const frame = await opened(p);
    // Direct calls are refused across origins: this is why JSChannel exists.
    assert.equal(await p.evaluate(() => { try { document.querySelector("iframe").contentWindow.getGrade(); return "called"; } catch (e) { return e.name; } }),
      "SecurityError");
    await p.waitForFunction(() => window.__got.some((m) => m.method === "JSInput::__ready" && m.params === "ping"));
    await p.evaluate(() => window.__ping());
    await p.waitForFunction(() => window.__got.some((m) => m.method === "JSInput::__ready" && m.params === "pong"));
    await check(frame, "80");
    const grade = await p.evaluate(() => window.__call("getGrade", ""));
    assert.deepEqual(JSON.parse(decodeURI(grade.result)),
      { questionId: "c1-nbytes", variant: 1, response: "80", correct: true, answered: 1, diagnosis: "correct" });
    const state = await p.evaluate(() => window.__call("getState", ""));
    assert.deepEqual(JSON.parse(decodeURI(state.result)).answers["c1-nbytes"], { answered: 1, correct: true, last: "80" });
    const cleared = { format: "strides-lab/state@1", answers: {} };
    const set = await p.evaluate((s) => window.__call("setState", s), JSON.stringify(cleared));
    assert.equal(set.error, undefined);
    await frame.locator('.quiz-nav [data-question="c1-nbytes"]:not([data-state="right"])').waitFor({ timeout: 10000 });
    const bad = await p.evaluate(() => window.__call("setState", "{not json"));
    assert.equal(bad.error, "runtime_error");
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
    server?.close();
  }
});
