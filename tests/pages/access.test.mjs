// A lab keyboard, phone and screen-reader users can use: the grid by keyboard alone with a visible
// focus; polite live regions; labelled controls; no sideways scrolling on a phone; big touch
// targets; AA contrast in light and dark; no animation under reduced motion.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open, focusEditor } from "./browser.mjs";

test("the grid is driven by the keyboard alone, with a visible focus", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    // From the program box (a code editor once focused: Escape, then Tab, leaves it), Tab until
    // the grid's one Tab stop has the focus.
    await focusEditor(p);
    await p.keyboard.press("Escape");
    for (let k = 0; k < 40; k++) {
      await p.keyboard.press("Tab");
      if (await p.evaluate(() => document.activeElement?.matches(".grid [data-index]"))) break;
    }
    assert.equal(await p.evaluate(() => document.activeElement?.dataset.index), "0,0");
    await p.keyboard.press("ArrowRight");
    await p.keyboard.press("ArrowDown");
    assert.equal(await p.evaluate(() => document.activeElement?.dataset.index), "1,1");
    assert.equal(await p.locator("[data-role=address-rule]").innerText(), "start + i·s₀ + j·s₁ = 0 + 1·4 + 1·1 = 5");
    await p.keyboard.press("Control+End");
    assert.equal(await p.evaluate(() => document.activeElement?.dataset.index), "2,3");
    await p.keyboard.press("Home");
    assert.equal(await p.evaluate(() => document.activeElement?.dataset.index), "2,0");
    const outline = await p.evaluate(() => getComputedStyle(document.activeElement).outlineWidth);
    assert.notEqual(outline, "0px");
    assert.equal(await p.locator(".grid [tabindex='0']").count(), 1);
    assert.equal(await p.locator("[data-role=address-rule]").getAttribute("aria-live"), "polite");
  } finally {
    await b.close();
  }
});

test("every control has a label", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    const unlabelled = await p.evaluate(() => [...document.querySelectorAll("input, select, textarea, button")]
      .filter((el) => {
        const label = el.labels?.length || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby") || el.textContent.trim();
        return !label;
      })
      .map((el) => el.outerHTML.slice(0, 80)));
    assert.deepEqual(unlabelled, []);
  } finally {
    await b.close();
  }
});

test("a phone-sized window never scrolls sideways and touch targets are big enough", async () => {
  const b = await browser();
  try {
    for (const path of ["", "demo.html"]) {
      const p = await page(b, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
      await open(p, path);
      await p.waitForTimeout(300);
      const [scroll, inner] = await p.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= inner, `${path || "index.html"}: page is ${scroll}px wide in a ${inner}px window`);
      const small = await p.evaluate(() => [...document.querySelectorAll(".strides-lab button, .strides-lab select, .strides-lab input, .cell, .mem:not(.gap)")]
        .filter((el) => el.offsetParent !== null)
        .map((el) => [el.getBoundingClientRect(), el])
        .filter(([r]) => r.height < 24 || r.width < 24)
        .map(([r, el]) => `${el.outerHTML.slice(0, 60)} ${r.width}x${r.height}`));
      assert.deepEqual(small, []);
      await p.close();
    }
  } finally {
    await b.close();
  }
});

function luminance([r, g, b]) {
  const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

for (const scheme of ["light", "dark"]) {
  test(`text meets WCAG AA contrast in ${scheme} mode`, async () => {
    const b = await browser();
    try {
      const p = await page(b, { colorScheme: scheme });
      await open(p);
      await p.hover("[data-index='1,2']");
      await p.locator("details.more summary").click();
      const pairs = await p.evaluate(() => {
        const rgb = (s) => s.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
        const background = (el) => {
          for (let e = el; e; e = e.parentElement) {
            const c = getComputedStyle(e).backgroundColor;
            if (c && !c.endsWith(", 0)") && c !== "transparent") return rgb(c);
          }
          return rgb(getComputedStyle(document.body).backgroundColor);
        };
        const chosen = [".page-header p", ".cell", ".cell.selected", ".mem .addr", ".mem.unread .value", ".mem .reads",
          ".help", ".group-title", ".rule", ".info dt", ".preset", ".more summary", ".qnav", ".quiz-card .prompt"];
        return chosen.flatMap((sel) => [...document.querySelectorAll(sel)].slice(0, 3).map((el) => [sel, rgb(getComputedStyle(el).color), background(el)]));
      });
      assert.ok(pairs.length > 10);
      for (const [sel, fg, bg] of pairs) {
        const ratio = contrast(fg, bg);
        assert.ok(ratio >= 4.5, `${scheme}: ${sel} has contrast ${ratio.toFixed(2)}`);
      }
    } finally {
      await b.close();
    }
  });
}

test("animations stop under prefers-reduced-motion", async () => {
  const b = await browser();
  try {
    const p = await page(b, { reducedMotion: "reduce" });
    await open(p);
    const moving = await p.evaluate(() => [...document.querySelectorAll("*")]
      .filter((el) => { const s = getComputedStyle(el); return parseFloat(s.transitionDuration) > 0 || s.animationName !== "none"; })
      .length);
    assert.equal(moving, 0);
  } finally {
    await b.close();
  }
});
