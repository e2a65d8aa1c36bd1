// The engine in a Web Worker (issue 25): one worker per page, shared by every lab on it; requests
// answered by id; a run that lasts leaves the page's thread free (the grid answers the pointer, no
// long task) and Stop ends it at once; the first screen's replies come from the build's table
// when the engine cannot load; the worker finds its files from a page in another folder.
// `askEngine`/`stopEngine`/`engineStarted` are the page module's own path to the engine (the one
// a lab's requests take), exported for these tests and the bench.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open, BASE } from "./browser.mjs";

// Runs for seconds in the engine (15 million elements summed: the lab's work limit allows it;
// about 6 s in Node), and a lighter one that still leaves the engine's memory past 256 MiB.
const HEAVY = "x = np.arange(15_000_000)\nx.sum()";
const LARGE = "x = np.arange(4_000_000)\nx.sum()";
const run = (program) => ({ Run: { program, dtype: null, entropy: 7n, off_thread: true } });
const engineWorkers = (p) => p.workers().filter((w) => w.url().endsWith("/web/engine-worker.js"));

// The engine workers once a terminated one has gone from Playwright's list (its close event can
// come after the new worker's).
async function settledWorkers(p) {
  for (let k = 0; k < 100 && engineWorkers(p).length !== 1; k++) await p.waitForTimeout(50);
  return engineWorkers(p);
}

async function engineReady(p) {
  await p.waitForFunction(async () => (await import("/pkg/strides_lab.js")).engineStarted(), null, { timeout: 30000 });
}

test("several labs on one page share one engine worker, and each gets its own replies", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await p.evaluate(() => {
      for (const expr of ["y = np.arange(6)\ny[::2]", "z = np.ones((2, 3))\nz.T"]) {
        const el = document.createElement("strides-lab");
        el.setAttribute("expr", expr);
        el.setAttribute("panels", "lab");
        document.body.append(el);
      }
    });
    await p.waitForFunction(() => document.querySelectorAll(".strides-lab .grid [data-index]").length > 0
      && document.querySelectorAll("strides-lab .grid").length === 2);
    await engineReady(p);
    assert.equal(engineWorkers(p).length, 1);
    const replies = await p.evaluate(async (asked) => {
      const { askEngine } = await import("/pkg/strides_lab.js");
      return Promise.all(asked.map((a) => askEngine(a).then((r) => JSON.stringify(r, (_, v) => typeof v === "bigint" ? String(v) : v))));
    }, ["alpha", "beta", "gamma"].map((word) => run(`print("${word}")`)));
    for (const [k, word] of ["alpha", "beta", "gamma"].entries()) {
      assert.match(replies[k], new RegExp(word));
      for (const other of ["alpha", "beta", "gamma"].filter((w) => w !== word)) assert.doesNotMatch(replies[k], new RegExp(other));
    }
    assert.equal(engineWorkers(p).length, 1);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("a run that lasts leaves the grid pointable, and Stop ends it at once", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await engineReady(p);
    const seen = await p.evaluate(async (program) => {
      const { askEngine, stopEngine } = await import("/pkg/strides_lab.js");
      let answered = null;
      const asked = askEngine({ Run: { program, dtype: null, entropy: 1n, off_thread: true } })
        .then((reply) => { answered = reply; return performance.now(); });
      // While the engine works: point at each cell in turn; each shows its rule at once.
      const cells = [...document.querySelectorAll(".grid [data-index]")];
      let pointed = 0;
      for (const cell of cells.slice(0, 8)) {
        cell.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
        await new Promise((r) => setTimeout(r, 20));
        if (cell.getAttribute("aria-selected") === "true" && answered === null) pointed += 1;
      }
      const stopped = performance.now();
      stopEngine();
      const ended = await asked;
      return { pointed, answered, stopLatency: ended - stopped };
    }, HEAVY);
    assert.equal(seen.pointed, 8, "each cell showed its rule while the run was pending");
    assert.deepEqual(seen.answered, { Stopped: "ByLearner" });
    assert.ok(seen.stopLatency < 1000, `Stop answered after ${seen.stopLatency} ms`);
    // A new worker took the old one's place, and it answers.
    const again = await p.evaluate(async () => {
      const { askEngine } = await import("/pkg/strides_lab.js");
      return JSON.stringify(await askEngine({ Run: { program: 'print("after")', dtype: null, entropy: 2n, off_thread: true } }));
    });
    assert.match(again, /after/);
    assert.equal((await settledWorkers(p)).length, 1);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("no main-thread task over 50 ms while a program runs for a second", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await engineReady(p);
    await p.waitForTimeout(500); // the page's own start (question files, the first drawing) is done
    const seen = await p.evaluate(async (program) => {
      const { askEngine, stopEngine } = await import("/pkg/strides_lab.js");
      const tasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); })
        .observe({ type: "longtask", buffered: false });
      let answered = null;
      const asked = askEngine({ Run: { program, dtype: null, entropy: 1n, off_thread: true } }).then((r) => { answered = r; });
      await new Promise((r) => setTimeout(r, 1000));
      const pending = answered === null;
      stopEngine();
      await asked;
      await new Promise((r) => setTimeout(r, 100));
      return { tasks, pending };
    }, HEAVY);
    assert.ok(seen.pending, "the run was still going after a second");
    assert.deepEqual(seen.tasks, []);
  } finally {
    await b.close();
  }
});

test("a run past the time limit is answered TimeLimit, and the requests behind it by a new worker", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await engineReady(p);
    const replies = await p.evaluate(async (program) => {
      const { askEngine, setEngineTimeLimit } = await import("/pkg/strides_lab.js");
      setEngineTimeLimit(500); // instead of 20 s: the run takes seconds
      const show = (r) => JSON.stringify(r, (_, v) => typeof v === "bigint" ? String(v) : v);
      const long = askEngine({ Run: { program, dtype: null, entropy: 5n, off_thread: true } });
      const behind = askEngine({ Run: { program: 'print("behind")', dtype: null, entropy: 6n, off_thread: true } });
      return [show(await long), show(await behind)];
    }, HEAVY);
    assert.equal(replies[0], '{"Stopped":{"TimeLimit":500}}');
    assert.match(replies[1], /behind/);
    assert.equal((await settledWorkers(p)).length, 1);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("a run that grows the engine's memory past its limit gets a fresh worker afterwards", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await engineReady(p);
    const [first] = engineWorkers(p);
    const closed = new Promise((resolve) => first.on("close", resolve));
    const reply = await p.evaluate(async (program) => {
      const { askEngine } = await import("/pkg/strides_lab.js");
      return JSON.stringify(await askEngine({ Run: { program, dtype: null, entropy: 3n, off_thread: true } }),
        (_, v) => typeof v === "bigint" ? String(v) : v);
    }, LARGE);
    assert.doesNotMatch(reply, /Stopped|Unreadable/);
    await closed;
    for (let k = 0; k < 100 && !(engineWorkers(p).length === 1 && engineWorkers(p)[0] !== first); k++) {
      await p.waitForTimeout(50);
    }
    assert.equal(engineWorkers(p).length, 1);
    assert.notEqual(engineWorkers(p)[0], first);
  } finally {
    await b.close();
  }
});

test("the first screen is answered from the build's replies when the engine cannot load", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await p.route("**/pkg/lab_engine_bg.wasm", (route) => route.abort());
    await open(p);
    const replies = await p.evaluate(async () => {
      const { askEngine } = await import("/pkg/strides_lab.js");
      const show = (r) => JSON.stringify(r, (_, v) => typeof v === "bigint" ? String(v) : v);
      const first = await askEngine({ Run: { program: "x = np.arange(12.0).reshape(3, 4)\nx.T", dtype: null, entropy: 99n, off_thread: true } });
      const other = await askEngine({ Run: { program: "x = np.arange(5)\nx", dtype: null, entropy: 99n, off_thread: true } });
      return [show(first), show(other)];
    });
    assert.match(replies[0], /^\{"Run":/);
    assert.match(replies[1], /^\{"Unreadable":"the engine could not start/);
    p.problems = p.problems.filter((m) => !/lab_engine_bg\.wasm|Failed to load resource/.test(m));
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("a course page in another folder starts the engine beside the lab's module", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    const course = new URL("course/unit-1/lesson.html", BASE).href;
    await p.route(course, (route) => route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'">
<strides-lab expr="x = np.arange(6)&#10;x[::2]" panels="lab"></strides-lab>
<script type="module" src="../../web/strides-lab.js"></script>`,
    }));
    await open(p, course);
    await engineReady(p);
    assert.equal(engineWorkers(p).length, 1);
    const reply = await p.evaluate(async () => {
      const { askEngine } = await import("/pkg/strides_lab.js");
      return JSON.stringify(await askEngine({ Run: { program: 'print("here")', dtype: null, entropy: 4n, off_thread: true } }));
    });
    assert.match(reply, /here/);
    assert.deepEqual(await p.evaluate(() => window.__violations), []);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

// The run helper's Stop button (data-role=stop) and runs through the engine: typed in the program
// box, a run that lasts leaves the grid pointable, and Stop ends it; the lab runs the next one.
test("the program box: a run that lasts, the grid still pointable, Stop, and the next run", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await engineReady(p);
    await p.fill("[data-role=expression]", HEAVY);
    await p.press("[data-role=expression]", "Enter");
    await p.waitForSelector("[data-role=stop]:not([disabled])", { timeout: 5000 });
    await p.hover(".grid [data-index='1,2']");
    assert.equal(await p.getAttribute(".grid [data-index='1,2']", "aria-selected"), "true");
    await p.click("[data-role=stop]");
    await p.waitForSelector("[data-role=stop]", { state: "hidden", timeout: 2000 }).catch(() => {});
    await p.fill("[data-role=expression]", "y = np.arange(6).reshape(2, 3)\ny.T");
    await p.press("[data-role=expression]", "Enter");
    await p.waitForSelector(".grid [data-index='2,1']", { timeout: 10000 });
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});
