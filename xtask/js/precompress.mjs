// Writes `FILE.gz` (gzip -9) and `FILE.br` (brotli, quality 11) beside every text and wasm file
// of the bundle, for static hosts that serve a precompressed file when the browser accepts its
// encoding (nginx's gzip_static/brotli_static, Caddy's `precompressed`, Netlify and Cloudflare
// Pages compress on their own). Node's zlib only: nothing to install.
//
//     node xtask/js/precompress.mjs dist
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, extname } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".wasm", ".json", ".svg", ".xml"]);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const root = process.argv[2];
if (!root) {
  console.error("usage: node precompress.mjs DIR");
  process.exit(2);
}
let count = 0;
for (const path of [...files(root)]) {
  if (!COMPRESSIBLE.has(extname(path))) continue;
  const bytes = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
  count += 1;
}
console.log(`precompressed ${count} files (.gz and .br beside each)`);
