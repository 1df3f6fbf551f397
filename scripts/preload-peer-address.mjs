// Preloaded by scripts/start.mjs (`node --import`) before `next start` creates its server:
// - every request's X-Forwarded-For then ends with the connection's own address (see lib/http/peer-address.mjs);
// - the build's precompressed scripts and styles are served as brotli / gzip files
//   (see lib/http/precompressed-static.mjs).
import { installPeerAddress } from "../lib/http/peer-address.mjs";
import { installPrecompressedStatic } from "../lib/http/precompressed-static.mjs";

installPeerAddress();
installPrecompressedStatic();
