import { isBuiltin } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Import, readImports } from "../support/infra/import-graph";

/** The import rules of docs/decisions/035 (the layers of 013), checked on the tree as it is. */
const ROOT = path.resolve(import.meta.dirname, "../..");
const imports = readImports(ROOT, ["app", "jobs", "server.ts"]);

const inside = (file: string, ...folders: string[]) =>
  folders.some((folder) => file.startsWith(`${folder}/`));

/** `app/services/stores/crud.server.ts:20 imports "~/services/popups/…" (app/services/popups/….ts)` */
function describeImport({ file, line, specifier, target }: Import): string {
  const reached = target ?? (isBuiltin(specifier) ? "a Node built-in" : "a package");
  return `${file}:${line} imports "${specifier}" (${reached})`;
}

type Rule = {
  name: string;
  /** Said when the rule fails, above the imports that break it. */
  why: string;
  from: string;
  refuses: (target: string | undefined, specifier: string) => boolean;
};

/** A lower layer names what it may import; a package is fine unless it is a Node built-in where that matters. */
const onlyFrom =
  (folders: string[], { builtins }: { builtins: boolean }) =>
  (target: string | undefined, specifier: string) =>
    target === undefined ? !builtins && isBuiltin(specifier) : !inside(target, ...folders);

const rules: Rule[] = [
  {
    name: "app/services imports no request edge, screen or job processor",
    why: "Services sit below the edge (app/http), the screens (app/routes, app/components) and jobs/processors, which call them",
    from: "app/services",
    refuses: (target) =>
      target !== undefined && inside(target, "app/http", "app/routes", "app/components", "jobs/processors"),
  },
  {
    name: "app/db imports only app/db, app/server, app/lib and popup/",
    why: "The database layer reads its settings from app/server and its shapes from app/lib; nothing above it",
    from: "app/db",
    refuses: onlyFrom(["app/db", "app/server", "app/lib", "popup"], { builtins: true }),
  },
  {
    name: "app/server imports only app/server, app/lib and popup/",
    why: "Infrastructure sits below app/db, the services, jobs and the edge: it knows no domain",
    from: "app/server",
    refuses: onlyFrom(["app/server", "app/lib", "popup"], { builtins: true }),
  },
  {
    name: "app/lib imports only app/lib, popup/ and packages that are not Node built-ins",
    why: "app/lib runs in the browser too: no *.server.ts, no app/server, app/db or app/services, no node: modules",
    from: "app/lib",
    refuses: onlyFrom(["app/lib", "popup"], { builtins: false }),
  },
];

function importsBreaking(rule: Rule): string[] {
  return imports
    .filter(({ file, target, specifier }) => inside(file, rule.from) && rule.refuses(target, specifier))
    .map(describeImport);
}

/** `app/services/<domain>/…` → `<domain>`; a loose file of app/services is a domain of its own (`x.server.ts` → `x`). */
const domainOf = (file: string | undefined) => /^app\/services\/([^/.]+)/.exec(file ?? "")?.[1];

/** Imports from one domain's folder into another's, by "from→to". */
function importsBetweenDomains(): Map<string, Import[]> {
  const between = new Map<string, Import[]>();
  for (const anImport of imports) {
    const [from, to] = [domainOf(anImport.file), domainOf(anImport.target)];
    if (!from || !to || from === to) continue;
    between.set(`${from}→${to}`, [...(between.get(`${from}→${to}`) ?? []), anImport]);
  }
  return between;
}

/** Each pair of domains that import each other, with every import that ties them, both ways. */
function domainsImportingEachOther(): string[] {
  const between = importsBetweenDomains();
  return [...between.keys()]
    .map((key) => key.split("→"))
    .filter(([from = "", to = ""]) => from < to && between.has(`${to}→${from}`))
    .map(([from, to]) =>
      [
        `${from} ↔ ${to}:`,
        ...[...(between.get(`${from}→${to}`) ?? []), ...(between.get(`${to}→${from}`) ?? [])].map(
          (anImport) => `  ${describeImport(anImport)}`,
        ),
      ].join("\n"),
    );
}

describe("import rules", () => {
  it("reads static imports, `export … from` and `import()`, through the ~/ alias and relative paths", () => {
    const targetsOf = (file: string) => imports.filter((i) => i.file === file).map((i) => i.target);
    expect(targetsOf("app/db/schema/index.ts")).toContain("app/db/schema/campaigns.ts");
    expect(targetsOf("app/components/popup-builder/popup-preview.tsx")).toContain("popup/render.ts");
    expect(targetsOf("app/db/client.server.ts")).toContain("app/server/env.server.ts");
  });

  for (const rule of rules) {
    it(rule.name, () => {
      expect(importsBreaking(rule), `${rule.name}. ${rule.why}`).toEqual([]);
    });
  }

  it("no two domains under app/services import each other", () => {
    expect(
      domainsImportingEachOther(),
      "Two domains that import each other are one tangle: move the shared part down, or to the domain that owns it",
    ).toEqual([]);
  });
});
