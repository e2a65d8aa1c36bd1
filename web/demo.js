// The demo course page: one lab through the JS API, the parent side of the iframe protocol, and
// what the page hears of each answer (as an LMS bridge would record it).
import { mount } from "./strides-lab.js";

// Size each Strides Lab iframe from its height messages, accepting them only from our own origin
// (where embed.html is served) and only from our frames. The listener comes first: a frame that
// starts while the lab below is mounting must not post its height to nobody.
window.addEventListener("message", (event) => {
  if (event.origin !== window.location.origin) return;
  if (event.data?.type !== "strides-lab:resize" || typeof event.data.height !== "number") return;
  for (const frame of document.querySelectorAll("iframe.strides-lab-frame")) {
    if (frame.contentWindow === event.source) {
      frame.style.height = Math.min(event.data.height, 5000) + "px";
      frame.dataset.resized = String(event.data.height);
    }
  }
});

document.addEventListener("strides-lab:answered", (event) => {
  const { questionId, variant, response, correct, diagnosis, attempt } = event.detail;
  const item = document.createElement("li");
  item.textContent = `${questionId} (variant ${variant}), attempt ${attempt}: ${JSON.stringify(response)} → ${correct ? "correct" : diagnosis}`;
  document.getElementById("heard")?.append(item);
});

await mount(document.getElementById("api-en"), { preset: "x.T", question: "u1-strides-xT", lang: "en" });
