/**
 * Zod compiles object schemas with `new Function` where it may, and finds out whether
 * it may by trying one: in the browser the page's CSP (no 'unsafe-eval') blocks that
 * try and reports a violation. The browser parses small answers, so it takes Zod's
 * plain parser; the server keeps the compiled one. Imported for this effect by every
 * module that parses with Zod in the browser.
 */
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });
