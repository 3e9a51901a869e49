/**
 * Loads handlebars templates from templates/<emitter>/, compiled once, with the namers
 * registered as helpers. Templates hold layout only; decisions are made in the emitters.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import { pluralOf, privateName, publicName } from "../naming/namers.js";

const TEMPLATE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../templates");

const hb = Handlebars.create();
hb.registerHelper("public", (s: string) => publicName(s));
hb.registerHelper("private", (s: string) => privateName(s));
hb.registerHelper("plural", (s: string) => pluralOf(s));
hb.registerHelper("json", (v: unknown) => new hb.SafeString(JSON.stringify(v)));
/** A doc string as the lines of a block comment. */
hb.registerHelper(
  "comment",
  (s: string) =>
    new hb.SafeString(
      (s ?? "")
        .replace(/\*\//g, "*\\/")
        .split("\n")
        .map((l) => ` * ${l}`.trimEnd())
        .join("\n"),
    ),
);

const cache = new Map<string, Handlebars.TemplateDelegate>();
const loadedPartials = new Set<string>();

function loadPartials(emitter: string): void {
  if (loadedPartials.has(emitter)) return;
  loadedPartials.add(emitter);
  const dir = path.join(TEMPLATE_ROOT, emitter);
  for (const f of fs.readdirSync(dir)) {
    if (f.startsWith("_") && f.endsWith(".hbs")) {
      hb.registerPartial(`${emitter}/${f.slice(1, -4)}`, fs.readFileSync(path.join(dir, f), "utf8"));
    }
  }
}

/** Renders templates/<emitter>/<name>.hbs with the given view. */
export function render(emitter: string, name: string, view: object): string {
  const key = `${emitter}/${name}`;
  let tpl = cache.get(key);
  if (!tpl) {
    loadPartials(emitter);
    tpl = hb.compile(fs.readFileSync(path.join(TEMPLATE_ROOT, emitter, `${name}.hbs`), "utf8"), {
      noEscape: true,
      strict: true,
    });
    cache.set(key, tpl);
  }
  return tpl(view);
}
