// The portal's CSP refuses eval (issue 18 §4): zod then compiles no parsers with `new Function` and does not even
// probe for it (a caught probe is still reported as a violation). Imported first by bootstrap.tsx, before any module
// that could parse. zod keeps its settings on globalThis (`__zod_globalConfig`, what `z.config` writes), so this holds
// for every bundle's copy of zod, the remotes' too; written without importing zod, which the shell's first load does
// not carry (issue 8 §5). zod-config.spec checks that zod reads it.
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
