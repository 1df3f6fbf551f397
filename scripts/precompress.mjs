// Precompresses the build's scripts and styles: `<file>.br` (brotli, quality 11) and `<file>.gz`
// (gzip, level 9) beside every .js and .css file of a static folder, for
// lib/http/precompressed-static.mjs to serve (what nginx's brotli_static / gzip_static would do).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Every .js and .css file under `dir`, recursively. */
export function compressibleFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|css)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function compressOne(file) {
  const data = readFileSync(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  return { raw: data.length, br: br.length, gz: gz.length };
}

/** Writes the .br and .gz siblings of every script and style under `dir`; returns the totals. */
export async function precompressStatic(dir, { concurrency = 2 } = {}) {
  const files = compressibleFiles(dir);
  const total = { files: files.length, raw: 0, br: 0, gz: 0 };
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const sizes = await compressOne(files[next++]);
      total.raw += sizes.raw;
      total.br += sizes.br;
      total.gz += sizes.gz;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total;
}
