// What a course author and a new learner meet first: README's embedding snippet run as README
// writes it, a lab with bad options (the warnings above it, dismissable), a program box that
// shows every line of its program on a phone and a desktop, and buttons that look disabled when
// they are.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { browser, page, open, focusEditor, BASE } from "./browser.mjs";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** The ```html block of README.md that contains `needle`, as README writes it. */
function readmeBlock(needle) {
  const blocks = [...README.matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1]);
  const block = blocks.find((b) => b.includes(needle));
  assert.ok(block, `README has an html block with ${needle}`);
  return block;
}

/**
 * Serves `body` as a course page at /course/<name> whose `./dist/` is the bundle (as README's
 * layout has it: dist/ copied next to the course's pages).
 */
async function coursePage(p, name, body) {
  const base = new URL(BASE);
  await p.route(`${base.origin}/course/dist/**`, (route) => {
    const url = new URL(route.request().url());
    route.continue({ url: new URL(url.pathname.replace("/course/dist/", "/"), base).href });
  });
  await p.route(`${base.origin}/course/${name}`, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>${body}</body></html>` }));
  await p.goto(`${base.origin}/course/${name}`);
}

test("README's JS API snippet keeps its mount() options through update()", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await coursePage(p, "readme.html", readmeBlock('lab.update({ units: "bytes" })'));
    await p.waitForSelector("#lab .grid [data-index]", { timeout: 20000 });
    // update({units: "bytes"}) has happened once the facts count in bytes.
    await p.waitForFunction(() => document.querySelector("#lab [data-role=info] .units-note")?.textContent.includes("bytes"));
    assert.equal(await p.locator("#lab [data-role=expression]").inputValue(), "x = np.arange(6)\nx[::2]");
    assert.equal(await p.locator("#lab [data-role=strides]").innerText(), "(16,)");
    assert.equal(await p.locator("#lab [data-role=quiz]").count(), 0, "panels: ['lab'] has no quiz");
    assert.equal(await p.locator("#lab [data-role=broadcast]").count(), 0, "panels: ['lab'] has no broadcasting");

    // The issue's own case: the language stays too, and null puts one option back to its default.
    const es = await p.evaluate(async () => {
      const { mount } = await import("./dist/web/strides-lab.js");
      const el = document.createElement("div");
      document.body.append(el);
      const lab = await mount(el, { expr: "x = np.arange(6)\nx[::2]", panels: ["lab"], lang: "es" });
      lab.update({ units: "bytes" });
      await new Promise((r) => setTimeout(r, 200));
      const seen = {
        lang: el.querySelector(".strides-lab")?.getAttribute("lang"),
        strides: el.querySelector("[data-role=strides]")?.textContent,
        program: el.querySelector("[data-role=expression]")?.value,
        quiz: el.querySelectorAll("[data-role=quiz]").length,
      };
      lab.update({ units: null });
      await new Promise((r) => setTimeout(r, 200));
      seen.back = el.querySelector("[data-role=strides]")?.textContent;
      return seen;
    });
    assert.deepEqual(es, { lang: "es", strides: "(16,)", program: "x = np.arange(6)\nx[::2]", quiz: 0, back: "(2,)" });
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("the custom element follows its attributes, a removed one back to its default", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await coursePage(p, "element.html", `<script type="module" src="./dist/web/strides-lab.js"></script>
      <strides-lab id="el" expr="x = np.arange(6)&#10;x[::2]" panels="lab" units="bytes" lang="es"></strides-lab>`);
    await p.waitForSelector("#el .grid [data-index]", { timeout: 20000 });
    assert.equal(await p.locator("#el [data-role=strides]").innerText(), "(16,)");
    await p.evaluate(() => document.getElementById("el").removeAttribute("units"));
    await p.waitForFunction(() => document.querySelector("#el [data-role=strides]")?.textContent === "(2,)");
    assert.equal(await p.locator("#el .strides-lab").getAttribute("lang"), "es");
    assert.equal(await p.locator("#el [data-role=expression]").inputValue(), "x = np.arange(6)\nx[::2]");
  } finally {
    await b.close();
  }
});

test("bad options are listed above the lab, full width, and can be dismissed", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await coursePage(p, "bad.html", `<script type="module" src="./dist/web/strides-lab.js"></script>
      <strides-lab id="bad" preset="nope" units="bits"></strides-lab>`);
    await p.waitForSelector("#bad .grid [data-index]", { timeout: 20000 });
    const box = (sel) => p.locator(sel).evaluate((el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width }; });
    const lab = await box("#bad .strides-lab");
    const problems = await box("#bad [data-role=problems]");
    const column = await box("#bad .lab-column");
    const quiz = await box("#bad .quiz-column");
    assert.ok(Math.abs(problems.width - lab.width) < 2, `the warnings span the lab: ${problems.width} of ${lab.width}`);
    assert.ok(problems.bottom <= column.top && problems.bottom <= quiz.top, "the warnings sit above the lab");
    assert.ok(Math.abs(column.left - lab.left) < 2, "the lab keeps its left column");
    assert.ok(column.width > lab.width / 2, `the lab column is wide: ${column.width} of ${lab.width}`);
    assert.equal(await p.locator("#bad [data-role=problems] li").count(), 2);
    // By keyboard: the focus moves on into the lab, not back to the page.
    await p.locator("#bad [data-role=dismiss-problems]").focus();
    await p.keyboard.press("Enter");
    assert.equal(await p.locator("#bad [data-role=problems]").count(), 0);
    assert.ok(await p.evaluate(() => document.activeElement?.closest("#bad .strides-lab") != null), "the focus stays in the lab");
    assert.ok(await p.locator("#bad .grid [data-index]").count() > 0, "the lab stays");
  } finally {
    await b.close();
  }
});

const VIEW = "out = torch.arange(1280.0).reshape(2, 4, 10, 16)\nout.transpose(1, 2).view(2, 10, 64)";
const LONG = Array.from({ length: 11 }, (_, k) => `y${k} = np.arange(${k + 1})`).join("\n");

test("the program box shows every line of its program, on a phone and a desktop", async () => {
  const b = await browser();
  try {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
      for (const program of [VIEW, LONG]) {
        const p = await page(b, { viewport });
        await open(p, `?expr=${encodeURIComponent(program)}`, ".strides-lab [data-role=expression]");
        await p.waitForTimeout(100);
        const fit = await p.locator("[data-role=expression]").evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
        assert.ok(fit.scroll <= fit.client + 1, `${viewport.width}px, ${program.split("\n").length} lines: ${fit.scroll} > ${fit.client}`);
        await p.close();
      }
    }
    // Typing more lines grows it too.
    const p = await page(b, { viewport: { width: 390, height: 844 } });
    await open(p);
    // Focused, the box is the code editor, which grows with its lines too.
    await focusEditor(p);
    await p.locator("[data-role=expression]").fill(LONG);
    const fit = await p.locator(".expression .cm-scroller").evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight, lines: el.querySelectorAll(".cm-line").length }));
    assert.equal(fit.lines, 11);
    assert.ok(fit.scroll <= fit.client + 1, `typed: ${fit.scroll} > ${fit.client}`);
  } finally {
    await b.close();
  }
});

test("a disabled button looks disabled", async () => {
  const b = await browser();
  try {
    for (const scheme of ["light", "dark"]) {
      const p = await page(b, { colorScheme: scheme });
      await open(p);
      const look = (sel) => p.locator(sel).evaluate((el) => {
        const s = getComputedStyle(el);
        return { color: s.color, background: s.backgroundColor, border: s.borderColor, opacity: s.opacity, cursor: s.cursor, disabled: el.disabled };
      });
      const previous = await look(".quiz-step button:first-of-type");
      const next = await look(".quiz-step button:last-of-type");
      assert.equal(previous.disabled, true);
      assert.equal(next.disabled, false);
      assert.notEqual(previous.cursor, "pointer", scheme);
      const differs = ["color", "background", "border", "opacity"].filter((k) => previous[k] !== next[k]);
      assert.ok(differs.length >= 2, `${scheme}: disabled Previous looks like Next (differs in ${differs})`);
      await p.close();
    }
  } finally {
    await b.close();
  }
});

test("on a phone, Open in the lab brings the lab into view", async () => {
  const b = await browser();
  try {
    const p = await page(b, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await open(p);
    await p.locator(".quiz-nav [data-question='u1-strides-xT']").click();
    await p.locator(".quiz-card [data-role=answer]").fill("(4, 1)");
    await p.locator(".quiz-card [data-role=check]").click();
    await p.locator(".quiz-card [data-role=open]").click();
    await p.waitForTimeout(300);
    const top = await p.locator(".lab-column").evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(top > -2 && top < 100, `the lab's top is at ${top}px`);
    assert.equal(await p.locator("[data-role=expression]").inputValue(), "x = np.arange(12.0).reshape(3, 4)\nx.T");
  } finally {
    await b.close();
  }
});
