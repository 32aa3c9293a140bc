import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** One import of one source file: where it is written, what it says, and the repository file it reaches. */
export type Import = {
  /** The importing file, relative to the repository root (`app/services/stores/crud.server.ts`). */
  file: string;
  line: number;
  /** As written: `~/server/env.server`, `../../../jobs/client`, `node:fs`, `zod`. */
  specifier: string;
  /** The repository file it resolves to, relative to the root; undefined for a package or a Node built-in. */
  target: string | undefined;
};

const SOURCE_FILE = /\.(ts|tsx)$/;

/** Every .ts/.tsx file under `entries` (folders or single files), relative to `root`, generated types left out. */
function sourceFiles(root: string, entries: string[]): string[] {
  return entries.flatMap((entry) => {
    const absolute = path.join(root, entry);
    if (!fs.statSync(absolute).isDirectory()) return [entry];
    return fs
      .readdirSync(absolute, { recursive: true, encoding: "utf8" })
      .filter((name) => SOURCE_FILE.test(name) && !name.endsWith(".d.ts"))
      .map((name) => path.posix.join(entry, toPosix(name)));
  });
}

/** The module specifiers of a file: static imports, `export … from`, `import("…")` calls and `import("…")` types. */
function specifiersOf(source: ts.SourceFile): { specifier: string; position: number }[] {
  const found: { specifier: string; position: number }[] = [];
  const visit = (node: ts.Node): void => {
    const written =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
            ? node.argument.literal
            : undefined;
    if (written && ts.isStringLiteralLike(written)) {
      found.push({ specifier: written.text, position: written.getStart(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The compiler options of the repository's tsconfig.json, so `~/` and extensions resolve as `tsc` resolves them. */
function compilerOptions(root: string): ts.CompilerOptions {
  const configPath = path.join(root, "tsconfig.json");
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  return ts.convertCompilerOptionsFromJson(config.compilerOptions, root, configPath).options;
}

/**
 * The repository file a specifier names, relative to `root`: as the compiler resolves it, or, for a path the
 * compiler cannot follow (a `./app.css?url` asset), as written; undefined for a package or a Node built-in.
 */
function targetOf(specifier: string, absolute: string, root: string, resolve: Resolve): string | undefined {
  const { resolvedModule } = resolve(specifier, absolute);
  if (resolvedModule) {
    return resolvedModule.isExternalLibraryImport
      ? undefined
      : toPosix(path.relative(root, resolvedModule.resolvedFileName));
  }
  const written = specifier.split("?")[0] ?? specifier;
  if (written.startsWith("."))
    return toPosix(path.relative(root, path.resolve(path.dirname(absolute), written)));
  if (written.startsWith("~/")) return path.posix.join("app", written.slice(2));
  return undefined;
}

type Resolve = (specifier: string, containingFile: string) => ts.ResolvedModuleWithFailedLookupLocations;

const toPosix = (relative: string) => relative.split(path.sep).join("/");

/** Every import of every source file under `entries`, resolved with the TypeScript compiler's own resolver. */
export function readImports(root: string, entries: string[]): Import[] {
  const options = compilerOptions(root);
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const resolve: Resolve = (specifier, containingFile) =>
    ts.resolveModuleName(specifier, containingFile, options, ts.sys, cache);
  return sourceFiles(root, entries).flatMap((file) => {
    const absolute = path.join(root, file);
    const source = ts.createSourceFile(absolute, fs.readFileSync(absolute, "utf8"), ts.ScriptTarget.Latest);
    return specifiersOf(source).map(({ specifier, position }) => ({
      file,
      line: source.getLineAndCharacterOfPosition(position).line + 1,
      specifier,
      target: targetOf(specifier, absolute, root, resolve),
    }));
  });
}
