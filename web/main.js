// Starts index.html's lab in #lab: its view comes from the URL, and the URL follows it.
import init, { mountPage } from "../pkg/strides_lab.js";
import "./strides-lab.js";

const root = document.getElementById("lab");
try {
  await init({ module_or_path: new URL("../pkg/strides_lab_bg.wasm", import.meta.url) });
  root.textContent = "";
  mountPage(root);
} catch (error) {
  root.textContent = "The lab could not start: " + error;
}
