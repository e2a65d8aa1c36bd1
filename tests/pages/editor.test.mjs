// Issue 24, item 17: both code boxes are a code editor (CodeMirror 6 with Python), loaded when one
// is first focused. In the program box Enter runs a finished program and otherwise adds an
// indented line; Tab indents and Escape then Tab moves on; Python is highlighted and brackets
// matched; the quiz's code answer behaves the same (Ctrl+Enter checks); under the strict CSP.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open, focusEditor } from "./browser.mjs";

const PROGRAM = "[data-role=expression]";
const EDITOR = ".expression .cm-editor";

/** What the program box holds (the textarea the editor writes into). */
const program = (p) => p.inputValue(PROGRAM);

test("the editor is fetched only when a code box is first focused, and the first load is unchanged", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    const fetched = [];
    p.on("request", (r) => fetched.push(new URL(r.url()).pathname));
    await open(p);
    await p.hover(".grid [data-index]");
    await p.waitForTimeout(300);
    assert.deepEqual(fetched.filter((u) => /editor/.test(u)), [], "nothing of the editor before a focus");
    assert.equal(await p.locator(".cm-editor").count(), 0);
    await focusEditor(p);
    assert.deepEqual(fetched.filter((u) => /editor/.test(u)).sort(), ["/web/editor.css", "/web/editor.js"]);
    // One editor, the textarea kept (hidden, out of the Tab order) as the component's field.
    assert.equal(await p.locator(".cm-editor").count(), 1);
    assert.equal(await p.locator(PROGRAM).getAttribute("tabindex"), "-1");
    assert.equal(await p.locator(PROGRAM).getAttribute("aria-hidden"), "true");
    assert.equal(await p.locator(`${EDITOR} .cm-content`).innerText(), await program(p));
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("a program is finished, for Enter, as Python's prompt would take it", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    const cases = {
      "x.T": true,
      "  x.T": true,
      "def f(x):": false,
      "def f(x):  # body next": false,
      "f(1,": false,
      "x = [1,\n 2]": true,
      "x = [1,\n 2": false,
      "if x:\n    y = [1,\n2]": false,
      "x = '''abc": false,
      "x = '''abc'''": true,
      "s = 'a:'": true,
      "x = 1  # note:": true,
      "d = {1: 2}": true,
      "print(')')": true,
      "print('(')": true,
      "x = 1 + \\": false,
      "for i in range(3):\n    print(i)": false,
      "for i in range(3):\n    print(i)\nx": true,
    };
    const got = await p.evaluate(async (texts) => {
      const { complete } = await import("/web/editor.js");
      return Object.fromEntries(texts.map((t) => [t, complete(t)]));
    }, Object.keys(cases));
    assert.deepEqual(got, cases);
  } finally {
    await b.close();
  }
});

test("Enter after `def f(x):` indents, a blank line steps out, Enter at the end of the call runs it", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    const shapeBefore = await p.locator("[data-role=shape]").innerText();
    await focusEditor(p);
    await p.keyboard.press("Control+a");
    await p.keyboard.type("def f(x):");
    await p.keyboard.press("Enter");
    assert.equal(await program(p), "def f(x):\n    ", "a new line, indented, not a run");
    await p.keyboard.type("return x.T");
    await p.keyboard.press("Enter");
    assert.equal(await program(p), "def f(x):\n    return x.T\n    ", "still inside the body");
    await p.keyboard.press("Enter");
    assert.equal(await program(p), "def f(x):\n    return x.T\n", "a blank line steps out of the block");
    // An open bracket: Enter adds a line inside it.
    await p.keyboard.type("f(np.arange(6).reshape(2,");
    await p.keyboard.press("Enter");
    assert.match(await program(p), /reshape\(2,\n +$/);
    for (let k = 0; k < 40 && !(await program(p)).endsWith(","); k++) await p.keyboard.press("Backspace");
    await p.keyboard.type(" 3))");
    assert.equal(await program(p), "def f(x):\n    return x.T\nf(np.arange(6).reshape(2, 3))");
    // Nothing ran so far.
    assert.equal(await p.locator("[data-role=shape]").innerText(), shapeBefore);
    assert.equal(await p.locator("[data-role=error]").count(), 0);
    // Python's words are highlighted, and the bracket before the cursor is matched.
    assert.ok(await p.locator(`${EDITOR} .tok-keyword`).count() >= 2, "def and return are keywords");
    assert.equal(await p.locator(`${EDITOR} .tok-number`).count(), 3);
    assert.equal(await p.locator(`${EDITOR} .cm-matchingBracket`).count(), 2);
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => document.querySelector("[data-role=shape]")?.textContent === "(3, 2)");
    assert.equal(await p.locator("[data-role=strides]").innerText(), "(1, 3)");
    assert.equal(new URL(p.url()).searchParams.get("expr"), "def f(x):\n    return x.T\nf(np.arange(6).reshape(2, 3))");
    assert.equal(await p.locator("[data-role=error]").count(), 0);
    // Shift+Enter adds a line even at the end of a finished program; Ctrl+Enter always runs.
    await p.keyboard.press("Shift+Enter");
    await p.keyboard.type("np.arange(4)");
    await p.keyboard.press("Home");
    await p.keyboard.press("Control+Enter");
    await p.waitForFunction(() => document.querySelector("[data-role=shape]")?.textContent === "(4,)");
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("Tab indents the program, Shift+Tab takes it back, Escape then Tab moves on, and back", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await focusEditor(p);
    await p.keyboard.press("Control+a");
    await p.keyboard.type("y");
    await p.keyboard.press("Tab");
    assert.equal(await program(p), "y   ", "spaces to the next indent stop");
    await p.keyboard.press("Tab");
    assert.equal(await program(p), "y       ");
    await p.keyboard.press("Control+a");
    await p.keyboard.press("Tab");
    assert.equal(await program(p), "    y       ", "a selection is indented");
    await p.keyboard.press("Shift+Tab");
    assert.equal(await program(p), "y       ");
    const inEditor = () => p.evaluate(() => !!document.activeElement?.closest(".expression .cm-editor"));
    assert.equal(await inEditor(), true);
    await p.keyboard.press("Escape");
    await p.keyboard.press("Tab");
    assert.equal(await inEditor(), false);
    assert.equal(await p.evaluate(() => document.activeElement?.matches(".expression .run")), true);
    await p.keyboard.press("Shift+Tab");
    assert.equal(await inEditor(), true);
    // The label leads to the editor too.
    await p.locator("[data-role=units]").focus();
    await p.click(".expression .label");
    assert.equal(await inEditor(), true);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("an example chosen, a program run from outside, shows in the editor", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await focusEditor(p);
    await p.click(".examples button.preset:has-text('x.T')");
    await p.waitForFunction(() => document.querySelector(".expression .cm-content")?.textContent.endsWith("x.T"));
    assert.equal(await p.locator(`${EDITOR} .cm-content`).innerText(), await program(p));
    // A script (or a test) that fills the textarea: the editor follows, and Enter runs it.
    await p.fill(PROGRAM, "np.arange(4)");
    assert.equal(await p.locator(`${EDITOR} .cm-content`).innerText(), "np.arange(4)");
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => document.querySelector("[data-role=shape]")?.textContent === "(4,)");
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("the quiz's code answer is the same editor: Enter indents, Tab indents, Ctrl+Enter checks", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await p.click(".quiz-nav [data-question='u1-code-contiguous-strides']");
    const box = ".quiz-card [data-role=code-answer]";
    await focusEditor(p, box);
    await p.keyboard.type("if True:");
    await p.keyboard.press("Enter");
    assert.equal(await p.inputValue(box), "if True:\n    ");
    assert.equal(await p.locator("[data-role=feedback]").count(), 0, "Enter does not check");
    assert.equal(await p.locator(".quiz-card .cm-editor .tok-keyword").count(), 1);
    await p.keyboard.press("Control+a");
    await p.keyboard.type("strides = [step] + strides");
    await p.keyboard.press("Enter");
    await p.keyboard.type("step = step * size");
    assert.equal(await p.inputValue(box), "strides = [step] + strides\nstep = step * size");
    assert.equal(await p.locator(".quiz-card .cm-editor .cm-line").count(), 2);
    await p.keyboard.press("Control+Enter");
    await p.waitForSelector("[data-role=feedback]");
    assert.equal(await p.locator("[data-role=feedback]").getAttribute("data-correct"), "true");
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("the quiz's editor follows the question: another code question starts empty, a text question has none", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    const box = ".quiz-card [data-role=code-answer]";
    const shown = () => p.locator(".quiz-card .cm-editor .cm-content").innerText();
    await p.click(".quiz-nav [data-question='u1-code-contiguous-strides']");
    await focusEditor(p, box);
    await p.keyboard.type("strides = [step] + strides");
    await p.click(".quiz-nav [data-question='u1-code-read']");
    await p.waitForFunction(() => document.querySelector(".quiz-card")?.dataset.question === "u1-code-read");
    assert.equal(await p.inputValue(box), "");
    assert.equal((await shown()).trim(), "");
    assert.equal(await p.locator(".quiz-card .cm-editor").count(), 1);
    // A question answered in a text field: no editor is left behind.
    const text = await p.locator(".quiz-nav [data-question^='u1-']").evaluateAll((buttons) =>
      buttons.map((b) => b.dataset.question).find((id) => !id.includes("code")));
    await p.click(`.quiz-nav [data-question='${text}']`);
    await p.waitForSelector(".quiz-card [data-role=answer], .quiz-card .choices");
    assert.equal(await p.locator(".cm-editor").count(), 0);
    // Back to the first: its draft is gone (as before the editor), and a focus brings the editor.
    await p.click(".quiz-nav [data-question='u1-code-contiguous-strides']");
    await focusEditor(p, box);
    await p.keyboard.type("step = 1");
    assert.equal(await shown(), await p.inputValue(box));
    assert.equal(await p.locator(".cm-editor").count(), 1);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("in embed.html and the <strides-lab> element the editor comes the same way, under their strict CSP", async () => {
  const b = await browser();
  try {
    for (const path of ["embed.html?expr=x%20%3D%20np.arange(6)%0Ax%5B%3A%3A2%5D", "demo.html"]) {
      const p = await page(b);
      await open(p, path);
      await focusEditor(p, ".strides-lab [data-role=expression]");
      await p.keyboard.press("Control+a");
      await p.keyboard.type("def g(a):");
      await p.keyboard.press("Enter");
      assert.equal(await p.inputValue(".strides-lab [data-role=expression] >> nth=0"), "def g(a):\n    ", path);
      assert.deepEqual(await p.evaluate(() => window.__violations), [], path);
      assert.deepEqual(p.problems, [], path);
      await p.close();
    }
  } finally {
    await b.close();
  }
});

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`under the strict CSP the editor is styled, with nothing blocked (${viewport.width}px)`, async () => {
    const b = await browser();
    try {
      const p = await page(b, { viewport });
      await open(p);
      assert.match(await p.$eval("meta[http-equiv=Content-Security-Policy]", (m) => m.content), /style-src 'self'[;"]?/);
      await focusEditor(p);
      await p.keyboard.press("Control+a");
      await p.keyboard.type("x = np.arange(24).reshape(2, 3, 4)  # a long comment that wraps on a phone\nx.transpose(2, 0, 1)[::2]");
      // CodeMirror's own layout rules apply (a constructable stylesheet: no <style> element)...
      const look = await p.evaluate(() => {
        const editor = document.querySelector(".expression .cm-editor");
        return {
          display: getComputedStyle(editor).display,
          wrap: getComputedStyle(editor.querySelector(".cm-content")).whiteSpace,
          styles: document.querySelectorAll("style").length,
          adopted: document.adoptedStyleSheets.length,
          width: document.documentElement.scrollWidth,
          right: editor.getBoundingClientRect().right,
        };
      });
      assert.equal(look.display, "flex");
      assert.match(look.wrap, /^(break-spaces|pre-wrap)$/);
      assert.equal(look.styles, 0);
      assert.equal(look.adopted, 1);
      // ...and the page still fits its window.
      assert.ok(look.width <= viewport.width, `page ${look.width}px wide`);
      assert.ok(look.right <= viewport.width, `editor ends at ${look.right}px`);
      assert.deepEqual(await p.evaluate(() => window.__violations), []);
      assert.deepEqual(p.problems, []);
    } finally {
      await b.close();
    }
  });
}

function luminance([r, g, b]) {
  const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

for (const scheme of ["light", "dark"]) {
  test(`the highlighted program meets WCAG AA contrast in ${scheme} mode`, async () => {
    const b = await browser();
    try {
      const p = await page(b, { colorScheme: scheme });
      await open(p);
      await focusEditor(p);
      await p.keyboard.press("Control+a");
      await p.keyboard.type("def f(x):  # the view\n    return x.T[::2].shape, 'a', True\n");
      const pairs = await p.evaluate(() => {
        const rgb = (s) => s.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
        const bg = rgb(getComputedStyle(document.querySelector(".expression .cm-editor")).backgroundColor);
        return [...document.querySelectorAll(".expression .cm-line span")].map((el) => [el.className, rgb(getComputedStyle(el).color), bg]);
      });
      assert.ok(pairs.length >= 6, JSON.stringify(pairs));
      for (const [name, fg, bg] of pairs) {
        const [x, y] = [luminance(fg), luminance(bg)].sort((m, n) => n - m);
        const ratio = (x + 0.05) / (y + 0.05);
        assert.ok(ratio >= 4.5, `${scheme}: ${name} has contrast ${ratio.toFixed(2)}`);
      }
    } finally {
      await b.close();
    }
  });
}
