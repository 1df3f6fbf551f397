// Stands in for the "server-only" package under Vitest (the real one throws outside React Server Components).
export {};
