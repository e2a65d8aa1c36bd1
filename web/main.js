// Starts the lab in #lab. The wasm module and its JS glue are built into pkg/ by `cargo xtask dist`.
import init, { mountPage } from "../pkg/strides_lab.js";

const root = document.getElementById("lab");
try {
  await init();
  root.textContent = "";
  mountPage(root);
} catch (error) {
  root.textContent = "The lab could not start: " + error;
}
