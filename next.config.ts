import type { NextConfig } from "next";

// Every path of spec section 7 answers with and without the /api prefix, from one
// implementation: the prefix-less forms are rewritten onto the /api route handlers.
const API_AREAS = ["auth", "ai", "csv", "tickets", "webhooks", "zapier"];

const nextConfig: NextConfig = {
  // A self-contained server in .next/standalone (server.js + the traced node_modules): the deployed
  // app needs no devDependencies. scripts/build.mjs completes it (static files, migrations, worker).
  output: "standalone",
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss", "pg"],
  poweredByHeader: false,
  // The build checks the app's code; `npm run typecheck` checks everything, tests included.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  // Next's build files do not pass through proxy.ts (pages) or the route wrapper (API). No CSP here:
  // a worker script's own CSP would govern the CSV worker, which loads further chunks.
  async headers() {
    return [
      {
        source: "/_next/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
  async rewrites() {
    return {
      beforeFiles: [
        ...API_AREAS.map((area) => ({ source: `/${area}/:path*`, destination: `/api/${area}/:path*` })),
        { source: `/ai`, destination: `/api/ai` },
        { source: `/csv`, destination: `/api/csv` },
        { source: `/tickets`, destination: `/api/tickets` },
        // /pricing itself is a page; only its sub-paths are API calls.
        { source: "/pricing/:path+", destination: "/api/pricing/:path+" },
        // /admin/* are pages too: API clients are recognised by their token or JSON headers.
        ...["x-auth-token", "authorization"].map((key) => ({
          source: "/admin/:path+",
          has: [{ type: "header" as const, key }],
          destination: "/api/admin/:path+",
        })),
        {
          source: "/admin/:path+",
          has: [{ type: "header" as const, key: "accept", value: "application/json.*" }],
          destination: "/api/admin/:path+",
        },
      ],
      afterFiles: [],
      fallback: [],
    };
  },
};

export default nextConfig;
