import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The style guide's limits on the size of a room: a source file of the folders
 * below holds at most 400 lines, a function, component or class at most 120, each
 * counted from its first line to its last. Biome's own rules count other lines
 * (a function's body only, a file without its leading comment), so they are
 * measured here with the TypeScript compiler.
 */
export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 120;
export const ROOMS = ["app", "components", "lib", "bench", "deploy"] as const;

/** A file (name "") or a function, component or class over its limit. */
export interface Oversize {
  file: string;
  name: string;
  /** its first line, 1-based */
  line: number;
  lines: number;
}

export function lineCount(text: string): number {
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** What people call a function: its own name, the variable or property it is assigned to. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const own = (node as { name?: ts.Node }).name;
  if (own && ts.isIdentifier(own)) return own.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent))
    return `(argument of ${parent.expression.getText(source).slice(0, 40)})`;
  return "(anonymous)";
}

/** The functions, components and classes of one source longer than `max` lines. */
export function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): Oversize[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Oversize[] = [];
  const visit = (node: ts.Node) => {
    const isFunction = ts.isFunctionLike(node) && "body" in node && node.body !== undefined;
    if (isFunction || ts.isClassLike(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > max)
        found.push({ file, name: nameOf(node, source), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every TypeScript source of the rooms under `root`, tests aside, relative to it. */
export function roomSources(root: string): string[] {
  return ROOMS.flatMap((room) =>
    fs.existsSync(path.join(root, room))
      ? fs
          .readdirSync(path.join(root, room), { recursive: true, encoding: "utf8" })
          .map((file) => path.join(room, file))
      : [],
  )
    .filter((file) => /\.(ts|tsx|mts)$/.test(file) && !/\.d\.ts$|\.test\.tsx?$/.test(file))
    .sort();
}

/** Every file and function of the rooms under `root` over its limit. */
export function oversizedRooms(root: string): Oversize[] {
  return roomSources(root).flatMap((file) => {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const lines = lineCount(text);
    const whole = lines > MAX_FILE_LINES ? [{ file, name: "", line: 1, lines }] : [];
    return [...whole, ...longFunctions(file, text)];
  });
}
