// The three ways into a course page: the custom element (connected, updated, disconnected), the
// JS API, and the iframe page with its height messages; several labs per page, in two languages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

test("the demo page embeds the lab all three ways, in English and Spanish", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p, "demo.html");
    await p.waitForSelector("#element-es .grid [data-index]");
    await p.waitForSelector("#api-en .quiz-card");
    assert.equal(await p.locator("#element-en .memory-view h2").innerText(), "Memory");
    assert.equal(await p.locator("#element-es .memory-view h2").innerText(), "Memoria");
    assert.equal(await p.locator("#element-es [data-role=strides]").innerText(), "(4, 16)");
    assert.equal(await p.locator("#element-en [data-role=quiz]").count(), 0);
    assert.equal(await p.locator("#api-en .quiz-card").getAttribute("data-question"), "u1-strides-xT");
    // The iframes tell the page their height, and the page accepts it from its own origin.
    // Every frame, not just the first to report (the second one raced the assertions below).
    await p.waitForFunction(() => [...document.querySelectorAll("iframe.strides-lab-frame")].every((f) => f.dataset.resized),
      null, { timeout: 20000 });
    const frames = await p.$$eval("iframe.strides-lab-frame", (fs) => fs.map((f) => [Number(f.dataset.resized), f.clientHeight]));
    for (const [reported, drawn] of frames) {
      assert.ok(reported > 200, `reported ${reported}`);
      assert.ok(Math.abs(reported - drawn) < 2, `reported ${reported}, drawn ${drawn}`);
    }
    // Labs are independent: pointing in one highlights nothing in another.
    await p.hover("#element-en [data-index='1,2']");
    assert.equal(await p.locator("#element-en .memory [aria-selected=true]").count(), 1);
    assert.equal(await p.locator("#element-es .memory [aria-selected=true]").count(), 0);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("embed.html posts {type: 'strides-lab:resize', height} to its parent", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    const message = await p.evaluate(() => new Promise((resolve, reject) => {
      window.addEventListener("message", (e) => { if (e.data?.type === "strides-lab:resize") resolve({ origin: e.origin, data: e.data }); });
      const frame = document.createElement("iframe");
      frame.src = "/embed.html?expr=x%20%3D%20np.arange(12.0).reshape(3%2C%204)%0Ax.T&lang=es";
      document.body.append(frame);
      setTimeout(() => reject(new Error("no message")), 20000);
    }));
    assert.equal(message.data.type, "strides-lab:resize");
    assert.equal(typeof message.data.height, "number");
    assert.ok(message.data.height > 100);
    assert.equal(message.origin, new URL(process.env.STRIDES_URL).origin);
  } finally {
    await b.close();
  }
});

test("the custom element mounts when connected, follows its attributes, and cleans up when removed", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p, "demo.html");
    await p.evaluate(() => {
      const el = document.createElement("strides-lab");
      el.id = "made";
      el.setAttribute("expr", "x = np.arange(6)\nx[::2]");
      el.setAttribute("panels", "lab");
      document.body.append(el);
    });
    await p.waitForSelector("#made .grid [data-index]");
    assert.equal(await p.locator("#made [data-role=strides]").innerText(), "(2,)");
    await p.evaluate(() => document.getElementById("made").setAttribute("units", "bytes"));
    await p.waitForFunction(() => document.querySelector("#made [data-role=strides]")?.textContent === "(16,)");
    await p.evaluate(() => document.getElementById("made").setAttribute("unit", "parsecs"));
    await p.evaluate(() => { window.__made = document.getElementById("made"); window.__made.remove(); });
    await p.waitForFunction(() => window.__made.childElementCount === 0);
    await p.evaluate(() => document.body.append(window.__made));
    await p.waitForSelector("#made .grid [data-index]");
    assert.equal(await p.locator("#made .strides-lab").count(), 1);
    const bad = await p.evaluate(async () => {
      const { mount } = await import("/web/strides-lab.js");
      const el = document.createElement("div");
      document.body.append(el);
      await mount(el, { expr: "x = np.arange(4)\nx", colour: "red", units: "furlongs" });
      return el.querySelector("[data-role=problems]")?.textContent ?? "";
    });
    assert.match(bad, /unknown option 'colour'/);
    assert.match(bad, /units/);
    // A number where text is expected is read as JS writes it: 2.5, not a Rust float's text.
    const numeric = await p.evaluate(async () => {
      const { mount } = await import("/web/strides-lab.js");
      const el = document.createElement("div");
      document.body.append(el);
      await mount(el, { expr: 2.5 });
      return el.querySelector("[data-role=expression]")?.value ?? "";
    });
    assert.equal(numeric, "2.5");
  } finally {
    await b.close();
  }
});
