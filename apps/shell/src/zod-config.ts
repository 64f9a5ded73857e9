import { z } from 'zod';

// The portal's CSP refuses eval (issue 18 §4): zod then compiles no parsers with `new Function` and does not even
// probe for it (a caught probe is still reported as a violation). Imported first by bootstrap.tsx, before any module
// that could parse; the setting lives on globalThis, so it holds for every bundle's copy of zod, the remotes' too.
z.config({ jitless: true });
