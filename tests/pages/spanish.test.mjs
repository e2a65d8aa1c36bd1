// Issue 24 items 8, 12 and 22: the whole Spanish lab in Spanish. Every view a learner can reach
// (each example, the reading order, the broadcasting and einsum panels, a program the lab does
// not run, a program past the lab's limits, each quiz question with its hint and worked answer)
// is read for English words. Code, values and NumPy's own exception messages (which NumPy prints
// in English) are left out; the lab's own limit is the lab's, in Spanish, its numbers grouped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

/** Words English has and Spanish does not, and no Python name the lessons use ("step" is one). */
const ENGLISH = /\b(the|of|this|that|does|which|what|when|yet|would|your|you|than|there|these|those|here|every|only|next|previous|show|open|value|memory|output|check|hint|play|pause|printed|raised|expected|returned|line|answer|saved|lab)\b/i;

/** The lab's visible words outside code, values and NumPy's messages. */
async function words(p) {
  return p.evaluate(() => {
    const skip = "code, pre, textarea, input, select, .cell, .mem, .wcell, .hop-label, .walk-text, [data-role=stdout], .element-label, [lang=en], .block-label, .template, .axes, .bar-label, .map-ends, .window-label, .einsum-report, td.number";
    const out = [];
    const walker = document.createTreeWalker(document.querySelector(".strides-lab"), NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest(skip) || !el.checkVisibility?.()) continue;
      const text = n.textContent.trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll(".strides-lab [aria-label], .strides-lab [title]")) {
      if (!el.closest(skip)) out.push(el.getAttribute("aria-label") ?? "", el.getAttribute("title") ?? "");
    }
    return out;
  });
}

async function english(p, where, found) {
  for (const text of await words(p)) {
    // Python identifiers inside prose (np.einsum_path, x.T) are code too.
    const prose = text.replace(/[\w.]*[._(][\w.()\[\], :'"-]*/g, " ");
    const m = prose.match(ENGLISH);
    if (m) found.add(`${where}: "${m[0]}" in "${text.slice(0, 140)}"`);
  }
}

async function run(p, program) {
  await p.fill("[data-role=expression]", program);
  await p.focus("[data-role=expression]");
  await p.keyboard.press("Enter");
  // The engine answers from its worker: wait until the lab is no longer busy with the run.
  await p.waitForTimeout(50);
  await p.waitForSelector(".lab-column:not([aria-busy])");
}

test("every view of the Spanish lab is in Spanish", async () => {
  const b = await browser();
  try {
    const p = await page(b, { locale: "es-ES" });
    await open(p, "?lang=es");
    const found = new Set();
    await english(p, "al abrir", found);
    // Every example, with its reading order open and a cell pointed at.
    await p.locator(".more summary").click();
    const presets = await p.locator(".preset").count();
    for (let k = 0; k < presets; k++) {
      const preset = p.locator(".preset").nth(k);
      const label = await preset.innerText();
      await preset.click();
      await p.waitForTimeout(100);
      const open = p.locator("[data-role=walk-open]");
      if (await open.count()) await open.click();
      const next = p.locator("[data-role=step-next]").first();
      if ((await next.count()) && (await next.isEnabled())) await next.click();
      const cell = p.locator(".array-view .cell[data-flat]").nth(1);
      if (await cell.count()) await cell.hover();
      await english(p, `ejemplo ${label}`, found);
    }
    // What the lab does not run, and its limits.
    for (const program of [
      "class A: pass",
      "x = np.arange(6)\nx.cumsum()",
      "scores = np.zeros((8, 12, 1024, 1024), dtype=np.float32)\nscores.sum()",
      "while True: pass",
      "x = np.arange(10**9)\nlist(x)",
      "x = np.arange(6)\nprint(x.shape)",
    ]) {
      await run(p, program);
      await english(p, program.split("\n").pop(), found);
    }
    // Valid Python the lab does not run: the construct named in Spanish (issue 24, item 8), the
    // interpreter's own (a class, a set) and NumPy's (an argument it does not take).
    for (const [program, construct] of [
      ["class A: pass", "las clases"],
      ["s = {1, 2}", "los conjuntos (set)"],
      ["x = np.array([1, 2], ndmin=2)", "el argumento ndmin de np.array"],
    ]) {
      await run(p, program);
      const said = await p.locator("[data-role=error] .error").innerText();
      assert.match(said, /^Aún no está en el laboratorio: Python válido, pero este laboratorio no lo ejecuta: /, said);
      assert.ok(said.includes(construct), `${program}: ${said}`);
      assert.doesNotMatch(said, /\b(classes|sets|argument)\b/, said);
    }
    // The lab's own limit: its label and words in Spanish, its numbers grouped.
    await run(p, "scores = np.zeros((8, 12, 1024, 1024), dtype=np.float32)\nscores.sum()");
    const limit = await p.locator("[data-role=error] .error").innerText();
    assert.match(limit, /^Límite del laboratorio: /, limit);
    assert.match(limit, /100\.663\.296/, limit);
    // The limit off the page's thread (the engine in its worker): 64 million elements.
    assert.match(limit, /64\.000\.000/, limit);
    assert.doesNotMatch(limit, /MemoryError|TimeoutError/, limit);
    // The panels.
    await p.click("[data-role=einsum-open]");
    await p.waitForSelector("[data-role=einsum-order]");
    await english(p, "einsum", found);
    // Every quiz question, its hint and its worked answer, after a wrong answer.
    const count = await p.locator(".qnav").count();
    for (let k = 0; k < count; k++) {
      await p.locator(".qnav").nth(k).click();
      await p.waitForSelector("[data-role=check]");
      const answer = p.locator("[data-role=answer], [data-role=code-answer]").first();
      if ((await answer.count()) && (await answer.isEditable())) {
        await answer.fill((await answer.getAttribute("data-role")) === "code-answer" ? "x = undefined_name" : "7");
        await p.click("[data-role=check]");
        await p.waitForSelector("[data-role=feedback]");
      }
      for (const role of ["hint", "worked"]) {
        const button = p.locator(`[data-role=${role}]`);
        if (await button.count()) await button.click();
      }
      await english(p, `pregunta ${k + 1}`, found);
    }
    assert.deepEqual([...found], []);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});
