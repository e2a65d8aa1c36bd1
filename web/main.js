// Starts index.html's lab in #lab: its view comes from the URL, and the URL follows it. The page's
// own header and title follow the lab's language (which, without ?lang=, is the browser's).
import init, { mountPage, setQuestionsBase } from "../pkg/strides_lab.js";
import { engine } from "./strides-lab.js";

const root = document.getElementById("lab");
try {
  await init({ module_or_path: new URL("../pkg/strides_lab_bg.wasm", import.meta.url) });
  setQuestionsBase(new URL("../questions/builtin/", import.meta.url).href);
  // The engine's worker, beside this module (strides-lab.js resolves its files the same way).
  engine();
  root.textContent = "";
  mountPage(root);
  const follow = () => {
    const lang = root.querySelector(".strides-lab")?.getAttribute("lang") ?? "en";
    document.documentElement.lang = lang;
    for (const p of document.querySelectorAll(".page-header [data-lang]")) p.hidden = p.dataset.lang !== lang;
    const title = document.querySelector("title");
    if (title?.dataset[lang]) document.title = title.dataset[lang];
  };
  // The lab's element arriving (Yew renders after mountPage returns, already in the URL's
  // language), and its language changing later.
  new MutationObserver(follow).observe(root, { childList: true });
  new MutationObserver(follow).observe(root, { attributes: true, subtree: true, attributeFilter: ["lang"] });
  follow();
} catch (error) {
  root.textContent = "The lab could not start: " + error;
}
