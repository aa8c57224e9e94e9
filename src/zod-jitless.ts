// Imported first by main.tsx: zod compiles object parsers with `new Function` unless told not to, and
// even its probe for that is reported as a violation of the server's CSP (script-src 'self', no eval).
// Schemas read this setting when they are built, so it must run before any contract/ module loads.
// It is written where zod keeps its configuration (one object on globalThis, shared by every copy of
// zod on a page) rather than through `config()` from 'zod': importing that function loads some 10 KB of
// zod into main.tsx's chunk, which every public card page loads first (docs/budgets.md).
// tests/unit/zod-jitless.test.ts holds zod to reading it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
