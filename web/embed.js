// embed.html: a lab in an iframe. Its options come from the query string
// (embed.html?expr=x.T&lang=es&units=bytes, or ?panels=quiz&questions=course/questions.json), and
// it tells the parent page its height, parent.postMessage({type: "strides-lab:resize", height},
// "*"), and each answer, parent.postMessage({type: "strides-lab:answered", questionId, variant,
// response, correct, diagnosis, attempt}, "*"). The parent checks the origin. For Open edX's
// JSInput, getGrade(), getState() and setState() are on this window (jsinput.js).
import { mount } from "./strides-lab.js";
import { expose } from "./jsinput.js";

const options = Object.fromEntries(new URLSearchParams(location.search));
const root = document.getElementById("lab");
root.addEventListener("strides-lab:answered", (event) => {
  if (window.parent !== window) {
    window.parent.postMessage({ type: "strides-lab:answered", ...event.detail }, "*");
  }
});
const ready = mount(root, options);
expose(window, root, ready, options);
await ready;
// The page declares no language of its own (the lab's is ?lang=, else the browser's): its `lang`
// follows the lab's, for screen readers and hyphenation.
const follow = () => {
  const lang = root.querySelector(".strides-lab")?.getAttribute("lang");
  if (lang) document.documentElement.lang = lang;
};
new MutationObserver(follow).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["lang"] });
follow();

let last = 0;
function report() {
  const height = Math.ceil(document.documentElement.scrollHeight);
  if (height !== last && window.parent !== window) {
    last = height;
    window.parent.postMessage({ type: "strides-lab:resize", height }, "*");
  }
}
new ResizeObserver(report).observe(document.body);
report();
