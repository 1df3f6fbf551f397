import http from "node:http";
import zlib from "node:zlib";
const [base, token] = process.argv.slice(2);
const h = { "x-auth-token": token, accept: "application/json" };
const list = await (await fetch(base + "/api/csv", { headers: h })).json();
const files = (list.files ?? list.data ?? list);
const f = (Array.isArray(files) ? files : []).find((x) => (x.rowCount ?? x.row_count ?? 0) >= 50000) ?? files[0];
const id = f._id ?? f.id;
console.log("file", id, Object.keys(f));
function raw(enc) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.get(base + "/api/csv/" + id, { headers: { ...h, "accept-encoding": enc } }, (res) => {
      const chunks = []; let n = 0;
      res.on("data", (c) => { chunks.push(c); n += c.length; });
      res.on("end", () => resolve({ ms: performance.now() - t, n, enc: res.headers["content-encoding"], chunks }));
    });
    req.on("error", reject);
  });
}
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  const r = await fetch(base + "/api/csv/" + id, { headers: h }); const txt = await r.text();
  console.log("fetch", (performance.now() - t).toFixed(0), txt.length);
  const g = await raw("gzip, deflate"); console.log("raw gzip", g.ms.toFixed(0), g.n, g.enc);
  t = performance.now(); const s = zlib.gunzipSync(Buffer.concat(g.chunks)).toString(); console.log("  gunzip+decode after", (performance.now()-t).toFixed(0));
  const idn = await raw("identity"); console.log("raw identity", idn.ms.toFixed(0), idn.n, idn.enc);
}
